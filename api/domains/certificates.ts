/** Certificates (issue 32): issued by a queued job when a completion is recorded, listed to the holder, checked by anyone by number. */
import { certificateBackfillJob } from '../jobs/certificate-backfill';
import { certificateExpiryJob, certificateExpirySweepJob } from '../jobs/certificate-expiry-reminders';
import { issueCertificatesJob } from '../jobs/issue-certificates';
import { selfReportedSweepJob } from '../jobs/self-reported-sweep';
import { certificateMailJob } from '../jobs/send-certificate-mail';
import { certificateRoutes } from '../routes/certificate-routes';
import { creditsRoutes, SELF_REPORTED_PDF_PATH } from '../routes/credits-routes';
import { createCertificateServices, type CertificateServices } from '../services/certificates';
import type { PlatformServices } from '../services/platform';
import type { PushServices } from '../services/push';
import { defineDomain } from './domain';

export const certificatesDomain = defineDomain<
  CertificateServices,
  Pick<PlatformServices, 'rateLimiter'> & Pick<PushServices, 'pushSender'>,
  CertificateServices & Pick<PlatformServices, 'idempotency'>
>({
  name: 'certificates',
  needs: ['rateLimiter', 'pushSender'],
  services: createCertificateServices,
  routes: (api, services) => {
    certificateRoutes(api, services);
    creditsRoutes(api, services);
  },
  unparsedBodies: [{ method: 'PUT', path: SELF_REPORTED_PDF_PATH, keep: 'stream' }],
  jobs: ({ knex, services }) => [
    certificateExpirySweepJob(services.expiryReminders),
    certificateBackfillJob(knex),
    selfReportedSweepJob(services.creditsWallet),
  ],
  queuedJobs: ({ services }) => [
    issueCertificatesJob(services.certificates),
    certificateMailJob(services.certificates),
    certificateExpiryJob(services.expiryReminders),
  ],
});
