/**
 * Refunds (issue 29, point 11) with the built-in test processor: `POST /api/admin/orders/:id/refund`
 * refunds all or part of a paid order exactly once per Idempotency-Key; a full refund revokes the
 * order's entitlements, returns its seats, ends its enrollments and cancels its calendar invites;
 * each refund gets a credit note (gapless numbers per year) that the buyer and the admin can
 * download, an audit entry and a mail to the buyer (a queued job: its retries are in `refunds-mail.test.ts`). Bad input and abuse change nothing.
 * On SQLite and (TEST_MYSQL_URL) MariaDB. The Stripe path: `refunds-stripe.test.ts`.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_NOTE_NUMBER_PATTERN, creditNotePath, refundPath, type AdminOrder, type RefundResult } from '@contracts/admin-orders';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { createLogger } from '@api/logger';
import { refundMailJob } from '@api/jobs/send-refund-mail';
import { JobRunner } from '@api/jobs/runner';
import { createCourse, createOrder, createSession, createUser } from './support/factories';
import { download, pdfText } from './support/documents';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const now = new Date('2026-11-21T12:00:00.000Z');
let admin: Record<string, string>;

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
/** Like Stripe's test card 4000 0000 0000 5126: the payment succeeds, its refund is refused. */
const REFUND_FAILS = { ...CARD, number: '4000 0000 0000 5126' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = await person('admin').then((p) => p.headers);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function person(role = 'customer', permissions?: string[]) {
  const user = await createUser(db.knex, { role });
  if (permissions)
    await db
      .knex('users')
      .where({ id: user.id })
      .update({ permissions: JSON.stringify(permissions) });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

/** Buys through checkout and the test processor, as a customer would. */
async function buy(items: Array<{ courseId: string; quantity?: number }>, amount: number, headers: Record<string, string>, card = CARD) {
  const lines = items.map((i) => ({ courseId: i.courseId, quantity: i.quantity ?? 1 }));
  const intent = await api.request('POST', '/api/create-payment-intent', { courseIds: items.map((i) => i.courseId), amount, items: lines }, headers);
  expect(intent.status, intent.text).toBe(200);
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card });
  expect(paid.body.status).toBe('succeeded');
  return intent.body.orderId as string;
}

const refund = (orderId: string, body: unknown, key: string | null = crypto.randomUUID(), headers = admin) =>
  api.request('POST', refundPath(orderId), body, key === null ? headers : { ...headers, 'Idempotency-Key': key });

/** The order as the back office's orders list shows it. */
async function adminOrder(orderId: string): Promise<AdminOrder> {
  const list = await api.get(`/api/admin/orders?search=${orderId}`, admin);
  expect(list.status).toBe(200);
  return (list.body as AdminOrder[]).find((o) => o.id === orderId)!;
}

const orderRow = (id: string) => db.knex('orders').where({ id }).first();
const liveRights = (orderId: string) => db.knex('entitlements').where({ source_id: orderId }).whereNull('revoked_at');
const refundRows = (orderId: string) => db.knex('refunds').where({ order_id: orderId }).orderBy('created_at');

async function course(overrides: Parameters<typeof createCourse>[1] = {}) {
  return createCourse(db.knex, { type: 'recorded_course', priceCents: 10_000, ...overrides });
}

describe(`a full refund (${testEngine()})`, () => {
  it('refunds what remains, revokes access, returns the seats, ends the enrollments, cancels the invites, mails the credit note and audits it', async () => {
    const seminar = await course({
      type: 'live_seminar',
      title: 'Cleanroom Audits Live',
      priceCents: 20_000,
      startDate: '2027-02-01T14:00:00.000Z',
      maxParticipants: 10,
    });
    const recorded = await course({ title: 'Data Integrity Recorded' });
    const { user, headers } = await person();
    const orderId = await buy([{ courseId: seminar.id, quantity: 2 }, { courseId: recorded.id }], 500, headers);
    expect(await liveRights(orderId)).toHaveLength(2);
    expect((await db.knex('courses').where({ id: seminar.id }).first()).current_participants).toBe(2);
    expect(await db.knex('calendar_invites').where({ order_id: orderId, status: 'active' })).toHaveLength(1);
    const seqBefore = (await db.knex('catalogue_sync_state').first()).last_seq;

    const answer = await refund(orderId, { reason: 'Customer cancelled before the session' });
    expect(answer.status, answer.text).toBe(200);
    const result = answer.body as RefundResult;
    expect(result.refund).toMatchObject({ amount: '500.00', status: 'succeeded', reason: 'Customer cancelled before the session' });
    expect(result.refund.creditNoteNumber).toMatch(CREDIT_NOTE_NUMBER_PATTERN);
    expect(result.refund.creditNoteNumber!.startsWith('CN-2026-')).toBe(true);
    expect(result.order).toEqual({ id: orderId, status: 'refunded', total: '500.00', refunded: '500.00', refundable: '0.00' });

    // Access ends at once: every right of the order revoked, with when, why and who.
    expect(await liveRights(orderId)).toHaveLength(0);
    const revoked = await db.knex('entitlements').where({ source_id: orderId });
    expect(revoked.map((r) => [r.revoked_at, r.revoked_by])).toEqual(revoked.map(() => [now.toISOString(), expect.any(String)]));
    expect(revoked[0].revoked_reason).toContain('Customer cancelled before the session');
    // Seats back (a catalogue change), no enrollment, the invite cancelled and its CANCEL mailed.
    expect((await db.knex('courses').where({ id: seminar.id }).first()).current_participants).toBe(0);
    expect((await db.knex('catalogue_sync_state').first()).last_seq).toBeGreaterThan(seqBefore);
    expect(await db.knex('enrollments').where({ user_id: user.id })).toHaveLength(0);
    expect(await db.knex('calendar_invites').where({ order_id: orderId, status: 'cancelled' })).toHaveLength(1);
    const cancel = api.sent.find((m) => m.to === user.email && m.subject.startsWith('Cancelled: Cleanroom Audits Live'));
    expect(cancel?.calendar?.method).toBe('CANCEL');

    // The back office and the profile see it refunded.
    expect(await adminOrder(orderId)).toMatchObject({ status: 'refunded', refunded: '500.00', refundable: '0.00', refunds: [result.refund] });
    const profile = await api.get('/api/profile', headers);
    expect(profile.body.orders.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: 'refunded', refunded: '500.00' });

    // The buyer's mail carries the credit note (queued with the refund, sent by the job runner); the audit log names the refund.
    await new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => now, queued: [refundMailJob(api.app.services.refunds)] }).tick();
    const mail = api.sent.find((m) => m.to === user.email && m.subject.startsWith(`Your refund for order ${orderId.slice(0, 8)}`));
    expect(mail?.text).toContain('$500.00');
    expect(mail?.attachments?.map((a) => a.filename)).toEqual([`${result.refund.creditNoteNumber}.pdf`]);
    const audit = await db.knex('audit_entries').where({ entity: 'order', entity_id: orderId });
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toContain(result.refund.creditNoteNumber);

    // The course may be bought again (nothing owned any more).
    const again = await api.request(
      'POST',
      '/api/create-payment-intent',
      { courseIds: [recorded.id], amount: 100, items: [{ courseId: recorded.id, quantity: 1 }] },
      headers,
    );
    expect(again.status, again.text).toBe(200);
  });

  it('gives the credit note PDF to the buyer and the admin, and to nobody else', async () => {
    const c = await course({ title: 'GDP Basics', priceCents: 12_345 });
    const { headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 123.45, headers);
    const { refund: done } = (await refund(orderId, { amountCents: 2_345, reason: 'Goodwill credit' })).body as RefundResult;
    for (const who of [headers, admin]) {
      const file = await download(api.baseUrl, creditNotePath(done.id), who);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${done.creditNoteNumber}.pdf"`);
      const text = await pdfText(file.bytes);
      expect(text).toContain(`Credit note number: ${done.creditNoteNumber}`);
      expect(text).toContain(`Corrects invoice: ${(await orderRow(orderId)).invoice_number}`);
      expect(text).toContain('Goodwill credit');
      expect(text).toContain('-$23.45');
      expect(text).toContain('GDP Basics');
    }
    const stranger = await person();
    const contributor = await person('contributor');
    for (const who of [stranger.headers, contributor.headers]) expect((await download(api.baseUrl, creditNotePath(done.id), who)).status).toBe(404);
    expect((await download(api.baseUrl, creditNotePath(done.id))).status).toBe(401);
    // The invoice of a refunded order is still there.
    await refund(orderId, { reason: 'The rest' });
    expect((await download(api.baseUrl, `/api/orders/${orderId}/invoice.pdf`, headers)).status).toBe(200);
  });
});

describe('a partial refund', () => {
  it('keeps access and seats, and the rest can be refunded later', async () => {
    const c = await course({ type: 'live_webinar', startDate: '2027-03-01T15:00:00.000Z', maxParticipants: 50 });
    const { user, headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 100, headers);
    const first = await refund(orderId, { amountCents: 3_000, reason: 'Partial goodwill' });
    expect(first.status, first.text).toBe(200);
    expect(first.body.order).toMatchObject({ status: 'completed', refunded: '30.00', refundable: '70.00' });
    expect(await liveRights(orderId)).toHaveLength(1);
    expect(await db.knex('enrollments').where({ user_id: user.id })).toHaveLength(1);
    expect((await db.knex('courses').where({ id: c.id }).first()).current_participants).toBe(1);
    expect(await db.knex('calendar_invites').where({ order_id: orderId, status: 'active' })).toHaveLength(1);
    const profile = await api.get('/api/profile', headers);
    expect(profile.body.orders.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: 'completed', refunded: '30.00' });

    const rest = await refund(orderId, { reason: 'The rest' });
    expect(rest.body.refund.amount).toBe('70.00');
    expect(rest.body.order).toMatchObject({ status: 'refunded', refunded: '100.00', refundable: '0.00' });
    expect(await liveRights(orderId)).toHaveLength(0);
    // Two credit notes, numbered one after the other.
    const [a, b] = [first.body.refund.creditNoteNumber, rest.body.refund.creditNoteNumber].map((n: string) => Number(n.split('-')[2]));
    expect(b).toBe(a! + 1);
  });

  it('lowers an order flagged "refund due" and clears the flag once it is refunded', async () => {
    const c = await course({ priceCents: 8_000 });
    const { headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 80, headers);
    await db.knex('orders').where({ id: orderId }).update({ refund_due_cents: 5_000, refund_reason: 'Already enrolled: X' });
    await refund(orderId, { amountCents: 2_000, reason: 'Duplicate, part one' });
    expect(await adminOrder(orderId)).toMatchObject({ refundDue: '30.00', refundReason: 'Already enrolled: X' });
    await refund(orderId, { amountCents: 3_000, reason: 'Duplicate, part two' });
    expect(await adminOrder(orderId)).toMatchObject({ refundDue: null, refundReason: null, status: 'completed', refunded: '50.00' });
    expect(await orderRow(orderId)).toMatchObject({ refund_due_cents: 0, refund_reason: null });
  });
});

describe('exactly once', () => {
  it('the same key twice, or ten times at once, is one refund with the same answer', async () => {
    const c = await course();
    const { headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 100, headers);
    const key = crypto.randomUUID();
    const first = await refund(orderId, { amountCents: 1_000, reason: 'Once only' }, key);
    const again = await refund(orderId, { amountCents: 1_000, reason: 'Once only' }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    const other = crypto.randomUUID();
    const burst = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, { amountCents: 500, reason: 'Burst' }, other)));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect(new Set(burst.map((r) => r.body.refund.id)).size).toBe(1);
    // The test clock stands still: both refunds have one time, so they are read largest first.
    const rows = await db.knex('refunds').where({ order_id: orderId }).orderBy('amount_cents', 'desc');
    expect(rows.map((r) => [r.amount_cents, r.status])).toEqual([
      [1_000, 'succeeded'],
      [500, 'succeeded'],
    ]);
    expect(new Set(rows.map((r) => r.processor_refund_id)).size).toBe(2);
    expect((await orderRow(orderId)).refunded_cents).toBe(1_500);
    // The key on another request is refused.
    expect((await refund(orderId, { amountCents: 900, reason: 'Once only' }, key)).status).toBe(422);
  });

  it('different keys never refund more than the total, also at once', async () => {
    const c = await course();
    const { headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 100, headers);
    expect((await refund(orderId, { amountCents: 6_000, reason: 'First' })).status).toBe(200);
    const second = await refund(orderId, { amountCents: 6_000, reason: 'Second' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: LEARNING_MESSAGES.refundTooLarge });

    const other = await buy([{ courseId: (await course()).id }], 100, headers);
    const race = await Promise.all(Array.from({ length: 5 }, (_, i) => refund(other, { amountCents: 4_000, reason: `Racer ${i}` })));
    expect(race.filter((r) => r.status === 200)).toHaveLength(2);
    expect(race.filter((r) => r.status === 409)).toHaveLength(3);
    expect((await orderRow(other)).refunded_cents).toBe(8_000);
    expect(await refundRows(other)).toHaveLength(2);
  });
});

describe('refused refunds change nothing', () => {
  it('an order that was not paid: pending, failed or expired', async () => {
    const c = await course();
    const { headers, user } = await person();
    const pending = await api.request(
      'POST',
      '/api/create-payment-intent',
      { courseIds: [c.id], amount: 100, items: [{ courseId: c.id, quantity: 1 }] },
      headers,
    );
    const failed = await createOrder(db.knex, { userId: user.id, status: 'failed', items: [{ courseId: c.id, title: c.title, priceCents: 10_000 }] });
    const expired = await createOrder(db.knex, { userId: user.id, status: 'expired', items: [{ courseId: c.id, title: c.title, priceCents: 10_000 }] });
    // Completed without a processor payment (the orders page offers no Refund on it either: `paidForRefund`).
    const unpaid = await createOrder(db.knex, { userId: user.id, status: 'completed', items: [{ courseId: c.id, title: c.title, priceCents: 10_000 }] });
    for (const orderId of [pending.body.orderId, failed, expired, unpaid]) {
      const answer = await refund(orderId, { reason: 'Not paid' });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(LEARNING_MESSAGES.refundNotPaid);
      expect(await refundRows(orderId)).toHaveLength(0);
    }
    expect((await refund(crypto.randomUUID(), { reason: 'No such order' })).status).toBe(404);
  });

  it('more than was paid, bad bodies, no key, and anyone but an admin', async () => {
    const c = await course();
    const { headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 100, headers);
    const tooLarge = await refund(orderId, { amountCents: 10_001, reason: 'Too much' });
    expect(tooLarge.status).toBe(409);
    expect(tooLarge.body).toMatchObject({ message: LEARNING_MESSAGES.refundTooLarge, refundable: '100.00' });
    for (const body of [
      { amountCents: 0, reason: 'Zero' },
      { amountCents: -5, reason: 'Negative' },
      { amountCents: 10.5, reason: 'Cents' },
      { amountCents: 100 },
      { reason: 'x' },
      { reason: 'Extra', foo: 1 },
    ]) {
      expect((await refund(orderId, body)).status, JSON.stringify(body)).toBe(400);
    }
    const noKey = await refund(orderId, { reason: 'No key' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe(LEARNING_MESSAGES.refundKeyRequired);
    const managers = await person('contributor', ['order-management']);
    for (const who of [managers.headers, headers]) expect((await refund(orderId, { reason: 'Not mine' }, crypto.randomUUID(), who)).status).toBe(403);
    expect((await refund(orderId, { reason: 'Signed out' }, crypto.randomUUID(), {})).status).toBe(401);
    expect(await refundRows(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', refunded_cents: 0 });
    expect(await liveRights(orderId)).toHaveLength(1);
  });

  it('a refund the processor refuses is recorded failed, gives its amount back and takes no credit note number', async () => {
    const c = await course();
    const { headers } = await person();
    const orderId = await buy([{ courseId: c.id }], 100, headers, REFUND_FAILS);
    const key = crypto.randomUUID();
    const answer = await refund(orderId, { reason: 'Bank will refuse' }, key);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/refused the refund/);
    expect((await refundRows(orderId)).map((r) => [r.status, r.credit_note_number])).toEqual([['failed', null]]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', refunded_cents: 0 });
    expect(await liveRights(orderId)).toHaveLength(1);
    // The same key tries again (and the processor refuses again): still one refund, still failed.
    expect((await refund(orderId, { reason: 'Bank will refuse' }, key)).status).toBe(422);
    expect(await refundRows(orderId)).toHaveLength(1);
  });
});

describe('credit note numbers', () => {
  it('are gapless and unique per year, refused refunds included', async () => {
    const rows = await db.knex('refunds').whereNotNull('credit_note_number').select('credit_note_number');
    const numbers = rows.map((r) => r.credit_note_number as string);
    expect(numbers.length).toBeGreaterThan(8);
    expect(new Set(numbers).size).toBe(numbers.length);
    const sequence = numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
    expect(sequence).toEqual(sequence.map((_, i) => i + 1));
    expect((await db.knex('credit_note_counters').where({ year: 2026 }).first()).last).toBe(numbers.length);
  });
});
