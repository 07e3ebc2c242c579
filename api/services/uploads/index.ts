/** Image uploads: tickets, receiving, checks and the sweep. */
import { deriveKey } from '../../lib/crypto';
import type { ServiceDependencies } from '../dependencies';
import { UploadService } from './upload-service';

export interface UploadServices {
  uploads: UploadService;
}

export function createUploadServices({ knex, objectStore, authSecret, clock, logger }: ServiceDependencies): UploadServices {
  return { uploads: new UploadService({ knex, store: objectStore, signingKey: deriveKey(authSecret, 'upload-addresses'), clock, logger }) };
}
