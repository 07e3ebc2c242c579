/**
 * A user's push devices and reminder preferences. An endpoint is an address the server will post
 * to, so only public push services are accepted (https, on a known push service's host), plus the
 * origins of PUSH_TEST_ORIGINS (local stand-ins in tests). One endpoint belongs to one account: the
 * same browser subscribing under another account moves to it, but only with the subscription's
 * auth secret as stored (proof that the caller is that browser; knowing an endpoint is not enough).
 * An account keeps its newest MAX_DEVICES_PER_ACCOUNT devices: registering one more removes the
 * one registered (or re-registered) longest ago.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { retryOnLockError } from '@db/transaction';
import { PushSubscription, User } from '@db/models';
import { ENDPOINT_MESSAGE, EXPIRATION_MESSAGE, MAX_EXPIRATION_TIME, type PushDevice, type ReminderPreferences } from '@contracts/push';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';

/**
 * Hosts of the browsers' push services (Chrome, Edge, Firefox, Safari, Opera, Samsung): a host
 * equal to one of these or below it. Anything else would let a user make the server post to an
 * address of their choosing.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export interface PushSubscriptionServiceOptions {
  knex: Knex;
  clock: Clock;
  /** Origins (scheme://host:port) accepted as they are, e.g. a stand-in push service in tests. */
  testOrigins: string[];
}

export interface SubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Devices an account keeps; a new one beyond this replaces the least recently registered. */
export const MAX_DEVICES_PER_ACCOUNT = 20;
export const ENDPOINT_TAKEN_MESSAGE = 'This push subscription is registered to another account';

export const endpointHash = (endpoint: string) => crypto.createHash('sha256').update(endpoint).digest('hex');

/** Two base64url secrets compared in constant time. */
function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given, 'base64url');
  const b = Buffer.from(stored, 'base64url');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The stored expiry (ISO), or 400 for a number no browser gives (the contract refuses it first). */
function expiryIso(expirationTime: number | null | undefined): string | null {
  if (expirationTime === null || expirationTime === undefined) return null;
  if (!Number.isFinite(expirationTime) || expirationTime <= 0 || expirationTime > MAX_EXPIRATION_TIME) throw AppError.badRequest(EXPIRATION_MESSAGE);
  return new Date(expirationTime).toISOString();
}

const toDevice = (row: PushSubscription): PushDevice => ({ id: row.id, endpoint: row.endpoint, createdAt: row.createdAt, updatedAt: row.updatedAt });

export class PushSubscriptionService {
  private readonly testOrigins: Set<string>;

  constructor(private readonly o: PushSubscriptionServiceOptions) {
    this.testOrigins = new Set(o.testOrigins.map((origin) => new URL(origin).origin));
  }

  /** 400 unless the endpoint is a public push service's https address (or a configured test origin). */
  assertAllowedEndpoint(endpoint: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw AppError.badRequest(ENDPOINT_MESSAGE);
    }
    if (this.testOrigins.has(url.origin)) return;
    const host = url.hostname.toLowerCase();
    const known = PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
    if (url.protocol !== 'https:' || url.username || url.password || (url.port && url.port !== '443') || !known) throw AppError.badRequest(ENDPOINT_MESSAGE);
  }

  /**
   * Saves the device for the user: `created` false when the endpoint was known (its keys are
   * updated). 409 when it is another account's device and the auth secret is not the one stored.
   */
  subscribe(userId: string, input: SubscriptionInput): Promise<{ created: boolean; device: PushDevice }> {
    return this.save(userId, input, null);
  }

  /** `replaces`: a device of the user that goes once this one is saved (not counted against the cap). */
  private async save(userId: string, input: SubscriptionInput, replaces: string | null): Promise<{ created: boolean; device: PushDevice }> {
    this.assertAllowedEndpoint(input.endpoint);
    const expirationTime = expiryIso(input.expirationTime);
    const hash = endpointHash(input.endpoint);
    // Each pass reads the row, then writes only if it is still what was read: a request that lost a race judges again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const nowIso = this.o.clock().toISOString();
      const fields = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, expirationTime, updatedAt: nowIso };
      const existing = await PushSubscription.query(this.o.knex).where('endpoint_hash', hash).first();
      if (existing) {
        if (existing.userId !== userId && !sameSecret(input.keys.auth, existing.auth)) throw AppError.conflict(ENDPOINT_TAKEN_MESSAGE);
        const updated = await PushSubscription.query(this.o.knex)
          .where('endpoint_hash', hash)
          .where('user_id', existing.userId)
          .where('auth', existing.auth)
          .patch(fields);
        if (updated === 0) continue;
        if (existing.userId !== userId) await this.keepNewest(userId, existing.id, replaces);
        return { created: false, device: toDevice({ ...existing, ...fields } as PushSubscription) };
      }
      try {
        const row = await PushSubscription.query(this.o.knex).insertAndFetch({ id: crypto.randomUUID(), endpointHash: hash, ...fields, createdAt: nowIso });
        await this.keepNewest(userId, row.id, replaces);
        return { created: true, device: toDevice(row) };
      } catch (error) {
        // Another request saved the same endpoint first: judge that row instead.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw AppError.conflict('The push subscription changed while it was being saved; please try again.');
  }

  /**
   * The cap: besides `keep` (the device just saved) the account keeps its MAX - 1 most recently
   * registered other devices; older ones are deleted. One conditional DELETE below the cut, so
   * requests at once never remove a device registered after the one each saw.
   */
  private async keepNewest(userId: string, keep: string, replaces: string | null): Promise<void> {
    const others = () =>
      PushSubscription.query(this.o.knex)
        .where('user_id', userId)
        .whereNotIn('id', replaces ? [keep, replaces] : [keep]);
    const cut = await others()
      .orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(MAX_DEVICES_PER_ACCOUNT - 2)
      .limit(1)
      .first();
    if (!cut) return;
    await retryOnLockError(async () =>
      others()
        .where((older) => older.where('updated_at', '<', cut.updatedAt).orWhere((same) => same.where('updated_at', cut.updatedAt).where('id', '<', cut.id)))
        .delete(),
    );
  }

  /** Removes one of the user's devices (nothing happens when it is not theirs or already gone). */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await PushSubscription.query(this.o.knex).where('endpoint_hash', endpointHash(endpoint)).where('user_id', userId).delete();
  }

  async list(userId: string): Promise<PushDevice[]> {
    const rows = await PushSubscription.query(this.o.knex)
      .where('user_id', userId)
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toDevice);
  }

  /**
   * The browser replaced a subscription (`pushsubscriptionchange` in the service worker, which has
   * no session): the old endpoint and its auth secret prove it is the same device.
   */
  async renew(input: { oldEndpoint: string; oldAuth: string; subscription: SubscriptionInput }): Promise<PushDevice> {
    const old = await PushSubscription.query(this.o.knex).where('endpoint_hash', endpointHash(input.oldEndpoint)).first();
    if (!sameSecret(input.oldAuth, old?.auth ?? Buffer.alloc(16).toString('base64url')) || !old) throw AppError.notFound('No such push subscription');
    const moved = endpointHash(input.subscription.endpoint) !== old.endpointHash;
    const { device } = await this.save(old.userId, input.subscription, moved ? old.id : null);
    if (moved) await PushSubscription.query(this.o.knex).findById(old.id).where('user_id', old.userId).delete();
    return device;
  }

  async preferences(userId: string): Promise<ReminderPreferences> {
    const user = await User.query(this.o.knex).findById(userId).select('remind_by_push', 'remind_by_email');
    if (!user) throw AppError.notFound('Account not found');
    return { push: user.remindByPush, email: user.remindByEmail };
  }

  async setPreferences(userId: string, preferences: ReminderPreferences): Promise<ReminderPreferences> {
    const updated = await User.query(this.o.knex)
      .findById(userId)
      .patch({ remindByPush: preferences.push, remindByEmail: preferences.email, updatedAt: this.o.clock().toISOString() });
    if (updated !== 1) throw AppError.notFound('Account not found');
    return preferences;
  }
}
