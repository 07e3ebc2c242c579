/**
 * The `send-certificate-mail` queued job: the holder's mail when a certificate is issued (with its
 * PDF) or revoked, queued in that transaction (`services/certificates/certificate-mail.ts`). A failed
 * send throws, so the runner tries again after its backoff; the key makes it one mail per event.
 */
import type { CertificateService } from '../services/certificates/certificate-service';
import { CERTIFICATE_MAIL_MAX_ATTEMPTS, SEND_CERTIFICATE_MAIL, type CertificateMailPayload } from '../services/certificates/certificate-mail';
import { handleQueued, type QueuedJobHandler } from './definitions';

export function certificateMailJob(certificates: CertificateService): QueuedJobHandler<CertificateMailPayload> {
  return handleQueued(SEND_CERTIFICATE_MAIL, {
    maxAttempts: CERTIFICATE_MAIL_MAX_ATTEMPTS,
    handle: async (payload) => void (await certificates.sendMail(payload)),
  });
}
