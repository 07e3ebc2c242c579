/**
 * "My Certificates" on My Training (issue 32): each certificate with its course, number, status
 * ("Valid until 26 Nov 2027", "Revoked on …"), credits, the PDF and the signed Open Badges 3.0
 * credential to download, the public verify page (what its QR code opens, to share with an
 * employer) and LinkedIn's "Add to profile" with the certificate's facts. A course completed a moment ago shows
 * "being issued" until its certificate arrives (the list is asked again meanwhile).
 */
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { CERTIFICATE_ISSUER, certificateStatusText, type CertificateDto } from '@contracts/certificates';
import { formatCredits } from '@contracts/credits';
import { linkedInAddUrl } from '@contracts/credits-wallet';
import type { LibraryItem } from '@contracts/learning';
import { DownloadIcon } from '@pwa/components/icons';
import { ApiError } from '@pwa/lib/api-client';
import { downloadFile } from '@pwa/lib/download-file';
import { useNotify } from '@pwa/lib/notify';
import { useMyCertificates } from '../api/get-my-certificates';

/** How long after a completion its certificate is waited for on this screen (it is issued within a minute). */
const AWAIT_MS = 10 * 60_000;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  list: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(min(22rem, 100%), 1fr))', margin: 0, padding: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  meta: { color: tokens.colorNeutralForeground2 },
  valid: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  ended: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

function CertificateCard({ certificate }: { certificate: CertificateDto }) {
  const styles = useStyles();
  const notify = useNotify();
  const [busy, setBusy] = useState<'pdf' | 'credential'>();
  const download = async (what: 'pdf' | 'credential') => {
    setBusy(what);
    try {
      if (what === 'pdf') await downloadFile(certificate.pdfUrl, `${certificate.number}.pdf`);
      else await downloadFile(certificate.credentialUrl, `${certificate.number}.json`);
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
      notify({ title: 'Download failed', description: message ?? 'The certificate could not be downloaded. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Card className={styles.card} role="listitem" aria-labelledby={`certificate-${certificate.id}`}>
      <h3 className={styles.title} id={`certificate-${certificate.id}`}>
        {certificate.courseTitle}
      </h3>
      <Text className={styles.meta}>Certificate {certificate.number}</Text>
      <Text className={certificate.status === 'valid' ? styles.valid : styles.ended}>{certificateStatusText(certificate)}</Text>
      {certificate.credits.length > 0 ? <Text>Credits: {formatCredits(certificate.credits)}</Text> : null}
      <div className={styles.actions}>
        <Button
          icon={<DownloadIcon />}
          onClick={() => void download('pdf')}
          disabled={!!busy}
          aria-busy={busy === 'pdf' || undefined}
          aria-label={`Download certificate (PDF): ${certificate.courseTitle}`}
        >
          Download certificate (PDF)
        </Button>
        <Button
          appearance="subtle"
          icon={<DownloadIcon />}
          onClick={() => void download('credential')}
          disabled={!!busy}
          aria-busy={busy === 'credential' || undefined}
          aria-label={`Download signed credential (Open Badge): ${certificate.courseTitle}`}
        >
          Signed credential (Open Badge)
        </Button>
        <a href={certificate.verifyUrl} target="_blank" rel="noopener" aria-label={`Verify page of certificate ${certificate.number} (opens in a new tab)`}>
          Verify page
        </a>
        {certificate.status === 'valid' ? (
          <a
            href={linkedInAddUrl({ ...certificate, title: certificate.courseTitle }, CERTIFICATE_ISSUER.company)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Add to LinkedIn: certificate ${certificate.number} (opens in a new tab)`}
          >
            Add to LinkedIn
          </a>
        ) : null}
      </div>
    </Card>
  );
}

export function MyCertificates({ viewer, library }: { viewer: string; library: readonly LibraryItem[] }) {
  const styles = useStyles();
  const [now] = useState(() => Date.now());
  const justCompleted = library.filter((item) => item.completedAt && now - Date.parse(item.completedAt) < AWAIT_MS);
  const certificates = useMyCertificates(
    viewer,
    justCompleted.map((item) => item.courseId),
  );
  const list = certificates.data ?? [];
  const have = new Set(list.map((c) => c.courseId));
  const issuing = justCompleted.filter((item) => !have.has(item.courseId));
  if (list.length === 0 && issuing.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="my-certificates">
      <h2 className={styles.heading} id="my-certificates">
        My Certificates
      </h2>
      {issuing.map((item) => (
        <Text key={item.courseId} role="status">
          Your certificate for {item.title} is being issued.
        </Text>
      ))}
      {list.length > 0 ? (
        <div className={styles.list} role="list" aria-label="My certificates">
          {list.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
