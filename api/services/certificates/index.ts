/** The certificates domain's services (issue 32): issuing, the holder's list and PDF, the public check, a course's settings, revocation. */
import type { ServiceDependencies } from '../dependencies';
import type { PlatformServices } from '../platform';
import type { PushServices } from '../push';
import { CertificateAdminService } from './certificate-admin';
import { CertificateExpiryReminders } from './certificate-expiry';
import { CertificateService } from './certificate-service';
import { CreditsWalletService } from './credits-wallet';
import { CredentialService } from './credential-service';

export { CertificateService } from './certificate-service';
export { CertificateAdminService } from './certificate-admin';

export interface CertificateServices {
  certificates: CertificateService;
  certificateAdmin: CertificateAdminService;
  credentials: CredentialService;
  expiryReminders: CertificateExpiryReminders;
  creditsWallet: CreditsWalletService;
}

export function createCertificateServices(
  { knex, clock, publicUrl, mailer, supportEmail, issuer, logger, mediaStore, limits, certificateSigning }: ServiceDependencies,
  { rateLimiter, pushSender }: Pick<PlatformServices, 'rateLimiter'> & Pick<PushServices, 'pushSender'>,
): CertificateServices {
  const certificates = new CertificateService({ knex, clock, rateLimiter, mailer, publicUrl, supportEmail, signing: certificateSigning });
  return {
    certificates,
    certificateAdmin: new CertificateAdminService({ knex, clock }),
    credentials: new CredentialService({ knex, clock, publicUrl, issuer, certificates }),
    creditsWallet: new CreditsWalletService({
      knex,
      clock,
      store: mediaStore,
      pdfMaxBytes: limits.documentMaxMb * 1024 * 1024,
      verifyUrl: (number) => certificates.verifyUrl(number),
    }),
    expiryReminders: new CertificateExpiryReminders({
      knex,
      clock,
      mailer,
      logger,
      publicUrl,
      push: pushSender,
      verifyUrl: (number) => certificates.verifyUrl(number),
    }),
  };
}
