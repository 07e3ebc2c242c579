/**
 * The `issue-certificates` queued job (issue 32, point 1): queued in the transaction that records
 * completions, it issues their certificates. Safe to run twice or side by side in several
 * processes: a completion's certificate is issued once (`certificate-issuing.ts`).
 */
import type { CertificateService } from '../services/certificates/certificate-service';
import { ISSUE_CERTIFICATES, type IssueCertificatesPayload } from '../services/certificates/issue-kind';
import { handleQueued, type QueuedJobHandler } from './definitions';

export function issueCertificatesJob(certificates: CertificateService): QueuedJobHandler<IssueCertificatesPayload> {
  return handleQueued(ISSUE_CERTIFICATES, {
    handle: async ({ courseId, userIds }) => {
      await certificates.issue(courseId, userIds);
    },
  });
}
