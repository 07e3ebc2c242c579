/**
 * What every domain's service factory (`services/<domain>/index.ts`) is given: the process's
 * collaborators, built once per app from the configuration (`app.ts`).
 */
import type { Knex } from 'knex';
import type { CatalogueCacheConfig, Limits, StripeConfig } from '../config';
import type { Mailer } from '../integrations/mail';
import type { ZoomClientOptions } from '../integrations/zoom';
import type { MediaStore } from '../integrations/media-store';
import type { ObjectStore } from '../integrations/object-store';
import type { PushSender } from '../integrations/web-push';
import type { Clock } from '../lib/clock';
import type { VapidDetails } from '../lib/vapid-keys';
import type { Logger } from '../logger';
import type { PdfSigning } from './certificates/pdf-signing';

export interface ServiceDependencies {
  knex: Knex;
  mailer: Mailer;
  authSecret: string;
  clock: Clock;
  logger: Logger;
  limits: Limits;
  publicUrl: string;
  supportEmail: string;
  stripe?: StripeConfig;
  catalogueCache?: Partial<CatalogueCacheConfig>;
  objectStore: ObjectStore;
  /** Lesson media: transcoded video and documents. */
  mediaStore: MediaStore;
  push: PushDependencies;
  /** Zoom's server-to-server OAuth app; absent: meetings by link only. */
  zoom?: ZoomClientOptions;
  /** Who signs certificate credentials. */
  issuer: IssuerIdentity;
  /** The PKCS#12 certificate PDFs are signed with; absent: unsigned. */
  certificateSigning?: PdfSigning;
}

export interface IssuerIdentity {
  /** The host of the issuer's `did:web` DID (its DID document is `https://<host>/.well-known/did.json`). */
  didDomain: string;
  /** The 32 bytes its Ed25519 key is made from. */
  seed: Uint8Array;
}

export interface PushDependencies {
  vapid: VapidDetails;
  /** Origins accepted as push endpoints besides the public push services (PUSH_TEST_ORIGINS). */
  testOrigins: string[];
  /** Default: web-push over fetch, signed with `vapid`. */
  sender?: PushSender;
}
