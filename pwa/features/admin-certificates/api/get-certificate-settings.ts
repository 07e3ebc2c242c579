/** GET /api/courses/:id/certificate-settings (staff): validity, refresher course and fixed credits (none stored: no expiry, no refresher, no credits). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateSettings } from '@contracts/certificates';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { certificateKeys, certificateSettingsPath } from './certificate-keys';

export const certificateSettingsQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: certificateKeys.settings(courseId),
    queryFn: () => getKeptJson<CertificateSettings>(certificateSettingsPath(courseId)),
  });

export function useCertificateSettings(courseId: string) {
  return useQuery(certificateSettingsQueryOptions(courseId));
}
