/**
 * What the processes share (`npm start`: api/server.ts, `npm run worker`: api/worker.ts): the
 * database, migrated, and the app's collaborators from the configuration.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppOptions } from './app';
import type { AppConfig } from './config';
import { createMailer } from './integrations/mail';
import { createLocalMediaStore, createS3MediaStore } from './integrations/media-store';
import { createLocalObjectStore, createS3ObjectStore } from './integrations/object-store';
import { resolveAuthSecret } from './lib/auth-secret';
import { resolveIssuerSeed } from './lib/issuer-key';
import { resolveVapidKeys } from './lib/vapid-keys';
import type { Logger } from './logger';
import { ConfigError } from './config';
import { checkPdfSigning, type PdfSigning } from './services/certificates/pdf-signing';
import { migrateToLatest, openDatabase, type Database } from '../db/knex';

/** Opens DATABASE_URL and migrates it (several processes may do so at once: Knex locks its migrations). */
export async function openMigratedDatabase(config: AppConfig): Promise<Database> {
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db.knex);
  return db;
}

/** CERT_SIGNING_P12 read and opened once at start: a file that cannot be used stops the start with the reason. */
export function loadPdfSigning({ p12File, passphrase }: { p12File: string; passphrase: string }): PdfSigning {
  try {
    const signing = { p12: fs.readFileSync(p12File), passphrase };
    checkPdfSigning(signing);
    return signing;
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  CERT_SIGNING_P12: ${p12File} cannot be used to sign (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The app's options from the configuration (`staticRoot` is the server's). */
export function appOptionsFor(config: AppConfig, db: Database, logger: Logger): AppOptions {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxFile: config.mailOutboxFile, logger });
  return {
    knex: db.knex,
    logger,
    mailer,
    authSecret: resolveAuthSecret(config.authSecret, config.authSecretFile),
    limits: config.limits,
    catalogueCache: config.catalogueCache,
    supportEmail: config.supportEmail,
    trustProxy: config.trustProxy,
    secureCookies: config.publicUrl.startsWith('https://'),
    publicUrl: config.publicUrl,
    stripe: config.stripe,
    objectStore: config.s3 ? createS3ObjectStore(config.s3) : createLocalObjectStore(config.uploadDir),
    // Lesson media (and unfinished video uploads) beside the images: the bucket's `media/`, or UPLOAD_DIR/media.
    mediaStore: config.s3 ? createS3MediaStore(config.s3) : createLocalMediaStore(path.join(config.uploadDir, 'media')),
    uploadOrigin: config.s3
      ? new URL(config.s3.publicUrl ?? config.s3.endpoint ?? `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`).origin
      : undefined,
    push: {
      vapid: { ...resolveVapidKeys(config.vapid, config.vapid.file), subject: config.vapid.subject },
      testOrigins: config.pushTestOrigins,
    },
    issuer: { didDomain: config.issuer.didDomain, seed: resolveIssuerSeed(config.issuer.keySeed, config.issuer.keyFile) },
    certificateSigning: config.certificateSigning && loadPdfSigning(config.certificateSigning),
    zoom: config.zoom,
  };
}
