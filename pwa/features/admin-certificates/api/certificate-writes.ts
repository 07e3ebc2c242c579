/**
 * The certificates' back-office writes, each through the outbox (`sendWrite`, an Idempotency-Key
 * kept for life): revoke (POST /api/admin/certificates/:id/revoke { reason }), reissue (POST
 * …/:id/reissue) and a course's settings (PUT /api/courses/:id/certificate-settings). Run by
 * `useNotifiedWrite`: sent, a toast says so; kept for later, that it waits on this device; refused,
 * the server's message. The reads the write can change are asked again whatever happened.
 */
import type { AdminCertificateDto, CertificateSettings } from '@contracts/certificates';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { useNotifiedWrite } from '@pwa/offline/back-office/notified-write';
import { certificateEntity, certificateKeys, certificatePath, certificateSettingsEntity, certificateSettingsPath } from './certificate-keys';

export const certificateWrites = {
  revoke: (certificate: Pick<AdminCertificateDto, 'id' | 'number'>, reason: string): NewWrite => ({
    method: 'POST',
    url: `${certificatePath(certificate.id)}/revoke`,
    body: { reason },
    entity: certificateEntity(certificate.id),
    label: `Revoke certificate ${certificate.number}`,
  }),
  reissue: (certificate: Pick<AdminCertificateDto, 'id' | 'number'>): NewWrite => ({
    method: 'POST',
    url: `${certificatePath(certificate.id)}/reissue`,
    entity: certificateEntity(certificate.id),
    label: `Reissue certificate ${certificate.number}`,
  }),
  settings: (courseId: string, body: CertificateSettings): NewWrite => ({
    method: 'PUT',
    url: certificateSettingsPath(courseId),
    body,
    entity: certificateSettingsEntity(courseId),
    label: 'Save certificate settings',
  }),
};

/** Runs a revoke or a reissue: every list of certificates is read again. */
export function useCertificateWrite() {
  return useNotifiedWrite(certificateKeys.lists());
}

/** Runs the settings' write of `courseId`: its settings are read again. */
export function useCertificateSettingsWrite(courseId: string) {
  return useNotifiedWrite(certificateKeys.settings(courseId));
}
