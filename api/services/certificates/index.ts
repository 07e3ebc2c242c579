/** The certificates domain's services (issue 32): issuing, the holder's list and PDF, the public check, a course's settings, revocation. */
import type { ServiceDependencies } from '../dependencies';
import type { PlatformServices } from '../platform';
import { CertificateAdminService } from './certificate-admin';
import { CertificateService } from './certificate-service';

export { CertificateService } from './certificate-service';
export { CertificateAdminService } from './certificate-admin';

export interface CertificateServices {
  certificates: CertificateService;
  certificateAdmin: CertificateAdminService;
}

export function createCertificateServices(
  { knex, clock, publicUrl, mailer, supportEmail }: ServiceDependencies,
  { rateLimiter }: Pick<PlatformServices, 'rateLimiter'>,
): CertificateServices {
  return {
    certificates: new CertificateService({ knex, clock, rateLimiter, mailer, publicUrl, supportEmail }),
    certificateAdmin: new CertificateAdminService({ knex, clock }),
  };
}
