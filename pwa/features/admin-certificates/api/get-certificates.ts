/**
 * GET /api/admin/certificates?search= (admins): the newest certificates, or those whose number,
 * holder's name or e-mail, or course title holds the search. Offline, the last answer seen on this
 * device for the same search.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCertificateDto } from '@contracts/certificates';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { certificateKeys } from './certificate-keys';

/** How many the list shows at most (newest first): a search finds the others. */
export const CERTIFICATES_LIMIT = 100;

export function certificatesPath(search: string): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  params.set('limit', String(CERTIFICATES_LIMIT));
  return `/api/admin/certificates?${params.toString()}`;
}

export const getCertificates = (search: string) => getKeptJson<AdminCertificateDto[]>(certificatesPath(search));

export const certificatesQueryOptions = (search: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: certificateKeys.list(search.trim()), queryFn: () => getCertificates(search) });

export function useCertificates(search: string) {
  return useQuery(certificatesQueryOptions(search));
}
