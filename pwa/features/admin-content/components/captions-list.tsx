/**
 * The captions a video lesson has, by language ("English (en)"), each with Delete after a
 * confirmation (DELETE /api/lessons/:id/captions/:lang through the outbox). Uploading a file again
 * for a language replaces that language's captions (`CaptionsForm`).
 */
import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { CaptionTrack } from '@contracts/learning';
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import type { OutlineLesson } from '../lib/content-outline';
import type { ContentActions } from '../hooks/use-content-actions';
import { useContentStyles } from './content-styles';

export const captionName = (caption: CaptionTrack) => `${caption.label} (${caption.lang})`;

export function CaptionsList({ lesson, actions }: { lesson: OutlineLesson; actions: ContentActions }) {
  const styles = useContentStyles();
  const [deleting, setDeleting] = useState<CaptionTrack | null>(null);
  const confirm = useDialogSubject(deleting);
  const captions = lesson.captions ?? [];
  return (
    <>
      {captions.length === 0 ? (
        <Text className={styles.meta}>No captions yet.</Text>
      ) : (
        <ul className={styles.lessons} aria-label={`Captions of ${lesson.title}`}>
          {captions.map((caption) => (
            <li key={caption.lang} className={styles.lessonLine}>
              <Text>{captionName(caption)}</Text>
              <Button size="small" onClick={() => setDeleting(caption)} aria-label={`Delete ${captionName(caption)} captions`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirm.mounted ? (
        <ConfirmDialog
          open={deleting !== null}
          title="Delete captions"
          text={`Are you sure you want to delete the ${confirm.shown ? captionName(confirm.shown) : ''} captions of "${lesson.title}"? This action cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) void actions.deleteCaptions(lesson, deleting);
            setDeleting(null);
          }}
        />
      ) : null}
    </>
  );
}
