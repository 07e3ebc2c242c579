/** GET /api/me/certificates: the signed-in person's certificates, newest first (issue 32). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateDto } from '@contracts/certificates';
import { getJson } from '@pwa/lib/api-client';

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: (viewer: string) => [...certificateKeys.all, 'mine', viewer] as const,
};

/** While a completed course's certificate is still being issued (a job, seconds after completion), the list is asked again this often. */
export const ISSUING_POLL_MS = 5_000;

export const myCertificatesQueryOptions = (viewer: string) =>
  queryOptions({ queryKey: certificateKeys.mine(viewer), queryFn: () => getJson<CertificateDto[]>('/api/me/certificates') });

/** `awaitedCourseIds`: courses completed whose certificate has not arrived yet (asked again until it does). */
export function useMyCertificates(viewer: string, awaitedCourseIds: readonly string[]) {
  return useQuery({
    ...myCertificatesQueryOptions(viewer),
    refetchInterval: (query) => {
      const have = new Set((query.state.data ?? []).map((c) => c.courseId));
      return awaitedCourseIds.some((id) => !have.has(id)) ? ISSUING_POLL_MS : false;
    },
  });
}
