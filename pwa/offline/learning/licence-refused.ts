/** A download whose licence is expired, altered or another person's (issue 34): it does not play. Apart, so pages can tell it without loading the downloads' code. */
import { OFFLINE_MESSAGES } from '@contracts/offline-learning';

export class LicenceRefused extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.licenceInvalid);
    this.name = 'LicenceRefused';
  }
}

export const isLicenceRefused = (error: unknown): error is LicenceRefused => error instanceof LicenceRefused;
