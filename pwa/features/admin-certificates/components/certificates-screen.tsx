/**
 * The back office's certificates (issue 32, point 8; admins): the newest first, or those a search
 * finds (number, holder's name or e-mail, course), sent once typing pauses. Each row: number,
 * holder, course, issue date and status in words (`certificateStatusText`), and — unless it is
 * revoked or replaced — "Revoke" (why, in a dialog) and "Reissue" (a confirmation).
 */
import { Button, Field, SearchBox, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { certificateStatusText, formatCertificateDay, type AdminCertificateDto } from '@contracts/certificates';
import { AdminList } from '@pwa/components/admin/admin-list';
import { useDebouncedValue } from '@pwa/lib/use-debounced-value';
import { CERTIFICATES_LIMIT, useCertificates } from '../api/get-certificates';
import { useCertificateStyles } from './certificates-styles';
import { ReissueDialog } from './reissue-dialog';
import { RevokeDialog } from './revoke-dialog';

/** Revoked and replaced certificates are final: nothing more is done to them. */
export const mayChange = (c: AdminCertificateDto) => c.status !== 'revoked' && c.status !== 'superseded';

export function CertificatesScreen() {
  const styles = useCertificateStyles();
  const [search, setSearch] = useState('');
  const applied = useDebouncedValue(search.trim());
  const certificates = useCertificates(applied);
  const [revoking, setRevoking] = useState<AdminCertificateDto | null>(null);
  const [reissuing, setReissuing] = useState<AdminCertificateDto | null>(null);

  return (
    <>
      <Field label="Search certificates" hint={`Number, holder's name or e-mail, or course. The newest ${CERTIFICATES_LIMIT} are listed.`}>
        <SearchBox className={styles.search} value={search} onChange={(_event, data) => setSearch(data.value)} />
      </Field>
      <AdminList<AdminCertificateDto>
        query={certificates}
        what="certificates"
        label="Certificates"
        rowKey={(c) => c.id}
        empty={{ title: applied ? 'No certificates found' : 'No certificates yet' }}
        columns={[
          { id: 'number', header: 'Number', cell: (c) => <Text font="monospace">{c.number}</Text>, sortValue: (c) => c.number },
          {
            id: 'holder',
            header: 'Holder',
            cell: (c) => (
              <span className={styles.holder}>
                <Text>{c.holderName}</Text>
                {c.holderEmail ? <span className={styles.email}>{c.holderEmail}</span> : null}
              </span>
            ),
            sortValue: (c) => c.holderName,
          },
          { id: 'course', header: 'Course', cell: (c) => c.courseTitle, sortValue: (c) => c.courseTitle },
          { id: 'issued', header: 'Issued', cell: (c) => formatCertificateDay(c.issuedAt), sortValue: (c) => c.issuedAt },
          { id: 'status', header: 'Status', cell: (c) => certificateStatusText(c), sortValue: (c) => c.status },
          {
            id: 'actions',
            header: 'Actions',
            shrink: true,
            cell: (c) =>
              mayChange(c) ? (
                <span className={styles.rowActions}>
                  <Button size="small" aria-label={`Revoke certificate ${c.number}`} onClick={() => setRevoking(c)}>
                    Revoke
                  </Button>
                  <Button size="small" aria-label={`Reissue certificate ${c.number}`} onClick={() => setReissuing(c)}>
                    Reissue
                  </Button>
                </span>
              ) : null,
          },
        ]}
      />
      <RevokeDialog subject={revoking} onClose={() => setRevoking(null)} />
      <ReissueDialog subject={reissuing} onClose={() => setReissuing(null)} />
    </>
  );
}
