/** Certificates (issue 32): issued by a queued job when a completion is recorded, listed to the holder, checked by anyone by number. */
import { issueCertificatesJob } from '../jobs/issue-certificates';
import { certificateMailJob } from '../jobs/send-certificate-mail';
import { certificateRoutes } from '../routes/certificate-routes';
import { createCertificateServices, type CertificateServices } from '../services/certificates';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const certificatesDomain = defineDomain<
  CertificateServices,
  Pick<PlatformServices, 'rateLimiter'>,
  CertificateServices & Pick<PlatformServices, 'idempotency'>
>({
  name: 'certificates',
  needs: ['rateLimiter'],
  services: createCertificateServices,
  routes: (api, services) => certificateRoutes(api, services),
  queuedJobs: ({ services }) => [issueCertificatesJob(services.certificates), certificateMailJob(services.certificates)],
});
