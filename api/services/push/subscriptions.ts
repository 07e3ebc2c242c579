/**
 * A user's push devices and reminder preferences. An endpoint is an address the server will post
 * to, so only public push services are accepted (https, on a known push service's host), plus the
 * origins of PUSH_TEST_ORIGINS (local stand-ins in tests). One endpoint belongs to one account: the
 * same browser subscribing under another account moves to it.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@db/errors';
import { PushSubscription, User } from '@db/models';
import { ENDPOINT_MESSAGE, type PushDevice, type ReminderPreferences } from '@contracts/push';
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

export const endpointHash = (endpoint: string) => crypto.createHash('sha256').update(endpoint).digest('hex');

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

  /** Saves the device for the user: `created` false when the endpoint was known (its keys are updated). */
  async subscribe(userId: string, input: SubscriptionInput): Promise<{ created: boolean; device: PushDevice }> {
    this.assertAllowedEndpoint(input.endpoint);
    const nowIso = this.o.clock().toISOString();
    const hash = endpointHash(input.endpoint);
    const fields = {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      expirationTime: typeof input.expirationTime === 'number' ? new Date(input.expirationTime).toISOString() : null,
      updatedAt: nowIso,
    };
    for (let attempt = 0; ; attempt++) {
      const updated = await PushSubscription.query(this.o.knex).where('endpoint_hash', hash).patch(fields);
      if (updated > 0) {
        const row = await PushSubscription.query(this.o.knex).where('endpoint_hash', hash).first();
        return { created: false, device: toDevice(row!) };
      }
      try {
        const row = await PushSubscription.query(this.o.knex).insertAndFetch({ id: crypto.randomUUID(), endpointHash: hash, ...fields, createdAt: nowIso });
        return { created: true, device: toDevice(row) };
      } catch (error) {
        // Another request saved the same endpoint first: update it instead.
        if (!isUniqueViolation(error) || attempt > 0) throw error;
      }
    }
  }

  /** Removes one of the user's devices (nothing happens when it is not theirs or already gone). */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await PushSubscription.query(this.o.knex).where('endpoint_hash', endpointHash(endpoint)).where('user_id', userId).delete();
  }

  async list(userId: string): Promise<PushDevice[]> {
    const rows = await PushSubscription.query(this.o.knex).where('user_id', userId).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toDevice);
  }

  /**
   * The browser replaced a subscription (`pushsubscriptionchange` in the service worker, which has
   * no session): the old endpoint and its auth secret prove it is the same device.
   */
  async renew(input: { oldEndpoint: string; oldAuth: string; subscription: SubscriptionInput }): Promise<PushDevice> {
    const old = await PushSubscription.query(this.o.knex).where('endpoint_hash', endpointHash(input.oldEndpoint)).first();
    const given = Buffer.from(input.oldAuth, 'base64url');
    const stored = old ? Buffer.from(old.auth, 'base64url') : Buffer.alloc(given.length);
    if (!old || given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) throw AppError.notFound('No such push subscription');
    const { device } = await this.subscribe(old.userId, input.subscription);
    if (endpointHash(input.subscription.endpoint) !== old.endpointHash) await PushSubscription.query(this.o.knex).findById(old.id).delete();
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
