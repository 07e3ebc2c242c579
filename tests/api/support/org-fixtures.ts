/**
 * What the organisation suites share: people with sessions, a manager's organisation, seats bought
 * through the real checkout (test processor), signing in by the code the API mails, and the
 * organisation's mail job run by two runners side by side (as two worker processes would).
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { orgMailJob } from '@api/jobs/send-org-mail';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createSession, createUser } from './factories';
import type { TestDatabase } from './test-database';
import type { TestServer } from './test-server';

export type Person = { id: string; email: string; headers: Record<string, string> };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Quinn Manager' };

export function orgFixtures(db: TestDatabase, api: () => TestServer, clock: { now: Date }) {
  async function person(overrides: { name?: string; email?: string; role?: string } = {}): Promise<Person> {
    const user = await createUser(db.knex, overrides);
    return { id: user.id, email: user.email, headers: { Authorization: `Bearer ${await createSession(db.knex, user.id)}` } };
  }

  /** A new manager and their organisation. */
  async function managedOrg(name = 'Acme Pharma QA'): Promise<{ manager: Person; orgId: string }> {
    const manager = await person({ name: 'Quinn Manager' });
    const created = await api().request('POST', '/api/orgs', { name }, manager.headers);
    expect(created.status, created.text).toBe(201);
    return { manager, orgId: created.body.id as string };
  }

  /** Pays for `lines` (list prices) as `buyer` for the organisation; the completed order's id. */
  async function buySeats(buyer: Person, orgId: string, lines: Array<{ courseId: string; quantity: number; priceCents: number }>): Promise<string> {
    const amount = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) / 100;
    const items = lines.map(({ courseId, quantity }) => ({ courseId, quantity }));
    const opened = await api().request('POST', '/api/create-payment-intent', { courseIds: items.map((i) => i.courseId), amount, items, orgId }, buyer.headers);
    expect(opened.status, opened.text).toBe(200);
    const intent = paymentIntentResponseSchema.parse(opened.body);
    const paid = await api().request('POST', '/api/test-payments/confirm', { clientSecret: intent.clientSecret, card: CARD });
    expect(paid.status, paid.text).toBe(200);
    return intent.orderId;
  }

  /** Signs in as the owner of `email` would: the code from the mail the API sent. */
  async function signInByMail(email: string): Promise<Person> {
    const before = api().sent.length;
    expect((await api().request('POST', '/api/auth/login', { email })).status).toBe(200);
    const mail = api()
      .sent.slice(before)
      .find((m) => m.to === email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    const verified = await api().request('POST', '/api/auth/verify', { token: code, email });
    expect(verified.status, verified.text).toBe(200);
    const user = await db.knex('users').where({ email }).first();
    return { id: user.id, email, headers: { Authorization: `Bearer ${verified.body.token}` } };
  }

  const pendingMail = () => db.knex('queued_jobs').where('name', 'send-org-mail').whereIn('status', ['queued', 'running']);

  /** Runs the organisation's mail jobs on two runners at once until none is left; the mails they sent. */
  async function runMail() {
    const before = api().sent.length;
    const handlers = [orgMailJob(api().app.services.orgMail)];
    const runner = () => new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => clock.now, queued: handlers });
    const [a, b] = [runner(), runner()];
    for (let round = 0; round < 200 && (await pendingMail()).length > 0; round += 1) await Promise.all([a.tick(), b.tick()]);
    expect(await pendingMail()).toEqual([]);
    return api().sent.slice(before);
  }

  const library = async (who: Person) => {
    const answer = await api().get('/api/me/library', who.headers);
    expect(answer.status).toBe(200);
    return (answer.body.items ?? answer.body) as Array<{ courseId: string; source: string }>;
  };

  const key = () => ({ 'Idempotency-Key': `orgs-${crypto.randomUUID()}` });

  return { person, managedOrg, buySeats, signInByMail, runMail, library, key };
}
