/**
 * "My Credits" on the profile (issue 32): credits by type over a chosen span of years against the
 * recertification goals ("RAC: 22.5 of 36 in 2025–2027"), every certificate of the span (issued
 * here, or from elsewhere and marked self-reported, with its PDF), the transcript to hand to an
 * employer or a licensing body (CSV, PDF), and adding or removing a certificate from elsewhere.
 */
import { Badge, Button, Card, Field, ProgressBar, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { formatCredits } from '@contracts/credits';
import { formatCreditTotal, type WalletEntry } from '@contracts/credits-wallet';
import { DeleteIcon, DownloadIcon, PlusIcon } from '@pwa/components/icons';
import { ApiError } from '@pwa/lib/api-client';
import { downloadFile } from '@pwa/lib/download-file';
import { useNotify } from '@pwa/lib/notify';
import { transcriptUrl, useCreditsWallet, useRemoveSelfReported } from '../api/credits-wallet';
import { SelfReportedDialog } from './self-reported-dialog';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500 },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  totals: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  entries: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  entry: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const YEARS_BACK = 10;

function EntryItem({ entry }: { entry: WalletEntry }) {
  const styles = useStyles();
  const notify = useNotify();
  const remove = useRemoveSelfReported();
  const fail = (error: unknown, what: string) =>
    notify({
      title: `${what} failed`,
      description: error instanceof ApiError && error.status < 500 ? error.serverMessage : 'Please try again.',
      variant: 'destructive',
    });
  return (
    <li className={styles.entry} aria-label={entry.title}>
      <div className={styles.head}>
        <Text weight="semibold">{entry.title}</Text>
        {entry.source === 'self_reported' ? <Badge appearance="outline">Self-reported</Badge> : null}
      </div>
      <Text className={styles.meta}>
        {[entry.provider, `completed ${entry.completedOn}`, entry.number, entry.source === 'issued' ? entry.statusText : null].filter(Boolean).join(' · ')}
      </Text>
      {entry.credits.length > 0 ? (
        <Text>
          {formatCredits(entry.credits)}
          {entry.counted ? '' : ' (not counted)'}
        </Text>
      ) : null}
      <div className={styles.actions}>
        {entry.pdfUrl ? (
          <Button
            size="small"
            icon={<DownloadIcon />}
            aria-label={`Download the PDF of ${entry.title}`}
            onClick={() => void downloadFile(entry.pdfUrl!, `${entry.number ?? 'certificate'}.pdf`).catch((error: unknown) => fail(error, 'Download'))}
          >
            PDF
          </Button>
        ) : null}
        {entry.source === 'self_reported' ? (
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteIcon />}
            disabled={remove.isPending}
            aria-label={`Remove ${entry.title}`}
            onClick={() => {
              if (window.confirm(`Remove "${entry.title}" and its PDF from your credits?`))
                remove.mutate(entry.id, { onError: (error) => fail(error, 'Removing') });
            }}
          >
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function CreditsWallet({ viewer }: { viewer: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const thisYear = new Date().getFullYear();
  const [from, setFrom] = useState(thisYear - 2);
  const [to, setTo] = useState(thisYear);
  const [adding, setAdding] = useState(false);
  const wallet = useCreditsWallet(viewer, from, to);
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i);
  const transcript = (kind: 'csv' | 'pdf') =>
    void downloadFile(transcriptUrl(kind, from, to), `credits-transcript-${from}-${to}.${kind}`).catch(() =>
      notify({ title: 'Download failed', description: 'The transcript could not be downloaded. Please try again.', variant: 'destructive' }),
    );
  return (
    <Card className={styles.card} aria-labelledby="my-credits">
      <h2 className={styles.title} id="my-credits">
        My Credits
      </h2>
      <div className={styles.toolbar}>
        <Field label="From">
          <Select value={String(from)} onChange={(_e, data) => setFrom(Math.min(Number(data.value), to))}>
            {years.map((year) => (
              <option key={year}>{year}</option>
            ))}
          </Select>
        </Field>
        <Field label="To">
          <Select value={String(to)} onChange={(_e, data) => setTo(Math.max(Number(data.value), from))}>
            {years.map((year) => (
              <option key={year}>{year}</option>
            ))}
          </Select>
        </Field>
        <Button icon={<DownloadIcon />} onClick={() => transcript('pdf')}>
          Transcript (PDF)
        </Button>
        <Button icon={<DownloadIcon />} onClick={() => transcript('csv')}>
          Transcript (CSV)
        </Button>
        <Button icon={<PlusIcon />} appearance="primary" onClick={() => setAdding(true)}>
          Add a certificate from elsewhere
        </Button>
      </div>
      {wallet.isPending ? <Spinner size="small" label="Loading your credits…" /> : null}
      {wallet.isError ? <Text role="alert">Your credits could not be loaded. Please try again.</Text> : null}
      {wallet.data ? (
        <>
          {wallet.data.totals.length === 0 ? <Text>No credits in these years yet.</Text> : null}
          <ul className={styles.totals} aria-label="Credit totals">
            {wallet.data.totals.map((total) => (
              <li key={total.kind}>
                <Text>{formatCreditTotal(total, wallet.data.period)}</Text>
                {total.goal ? (
                  <ProgressBar value={Math.min(1, total.amount / total.goal.amount)} aria-label={formatCreditTotal(total, wallet.data.period)} />
                ) : null}
              </li>
            ))}
          </ul>
          {wallet.data.entries.length > 0 ? (
            <ul className={styles.entries} aria-label="Certificates in these years">
              {wallet.data.entries.map((entry) => (
                <EntryItem key={entry.id} entry={entry} />
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      <SelfReportedDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
