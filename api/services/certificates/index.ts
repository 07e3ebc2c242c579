/** The certificates domain's services (issue 32): issuing, the holder's list, the public check, a course's settings. */
import type { ServiceDependencies } from '../dependencies';
import type { PlatformServices } from '../platform';
import { CertificateService } from './certificate-service';

export { CertificateService } from './certificate-service';

export interface CertificateServices {
  certificates: CertificateService;
}

export function createCertificateServices(
  { knex, clock, publicUrl }: ServiceDependencies,
  { rateLimiter }: Pick<PlatformServices, 'rateLimiter'>,
): CertificateServices {
  return { certificates: new CertificateService({ knex, clock, rateLimiter, publicUrl }) };
}
