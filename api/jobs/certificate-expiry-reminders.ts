/**
 * Certificate expiry reminders (issue 32, point 6): every 5 minutes a sweep claims the reminders
 * due (90, 30, 7 days before `validUntil`) and queues `send-certificate-expiry` for each, which any
 * runner sends (push and e-mail), retried after a failed mail. Claimed once across processes
 * (services/certificates/certificate-expiry.ts).
 */
import { SEND_CERTIFICATE_EXPIRY, type CertificateExpiryPayload, type CertificateExpiryReminders } from '../services/certificates/certificate-expiry';
import { CERTIFICATE_MAIL_MAX_ATTEMPTS } from '../services/certificates/certificate-mail';
import { handleQueued, type PeriodicJob, type QueuedJobHandler } from './definitions';

export function certificateExpirySweepJob(reminders: CertificateExpiryReminders): PeriodicJob {
  return {
    name: 'certificate-expiry-reminders',
    everySeconds: 5 * 60,
    async run({ now, logger }) {
      const claimed = await reminders.sweep(now);
      if (claimed > 0) logger.info(`Certificate expiry reminders: ${claimed} queued`);
    },
  };
}

export function certificateExpiryJob(reminders: CertificateExpiryReminders): QueuedJobHandler<CertificateExpiryPayload> {
  return handleQueued(SEND_CERTIFICATE_EXPIRY, {
    maxAttempts: CERTIFICATE_MAIL_MAX_ATTEMPTS,
    handle: async (payload) => void (await reminders.send(payload)),
  });
}
