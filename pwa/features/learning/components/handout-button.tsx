/**
 * "Download handout (PDF)": the lesson's PDF for the entitled whose tier includes it (busy while
 * it downloads; a failure in a toast with the server's words). Another tier's material gets the
 * sentence that says so, never a link that would fail.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { DownloadIcon } from '@pwa/components/icons';
import { ApiError } from '@pwa/lib/api-client';
import { useNotify } from '@pwa/lib/notify';
import { downloadDocument } from '../api/download-document';
import { HANDOUT_BUTTON } from '../lib/learning-labels';

const useStyles = makeStyles({ note: { color: tokens.colorNeutralForeground2 } });

export function HandoutButton({
  lessonId,
  title,
  materialIncluded,
  onDownloaded,
}: {
  lessonId: string;
  title: string;
  materialIncluded: boolean;
  onDownloaded?: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!materialIncluded) return <Text className={styles.note}>{LEARNING_MESSAGES.materialForOtherTier}</Text>;
  const run = async () => {
    setBusy(true);
    try {
      await downloadDocument(lessonId, title);
      onDownloaded?.();
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
      notify({ title: 'Download failed', description: message ?? 'The handout could not be downloaded. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadIcon />} onClick={() => void run()} disabled={busy} aria-busy={busy || undefined} aria-label={`${HANDOUT_BUTTON}: ${title}`}>
      {HANDOUT_BUTTON}
    </Button>
  );
}
