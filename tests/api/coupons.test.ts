/**
 * Coupons (issue 35, point 1): created in the back office, quoted and charged by the server after
 * the membership's discount, held by an open checkout and counted once at payment, refused with
 * a clear message when they give nothing, and slow to guess. Runs on SQLite and on MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_ORDER_SIGN_IN, cartQuoteSchema, paymentIntentResponseSchema, type CartQuote } from '@contracts/checkout';
import { COUPON_MESSAGES, couponDetailSchema, couponSchema, type CreateCouponRequest } from '@contracts/coupons';
import { invoicePath } from '@contracts/document-paths';
import { MEMBERSHIP_BENEFITS } from '@contracts/membership-benefits';
import { createCourse, createSession, createUser } from './support/factories';
import { download, pdfText } from './support/documents';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let now = new Date('2026-11-21T12:00:00.000Z');
let admin: Record<string, string>;

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const GMP25: CreateCouponRequest = {
  code: 'GMP25',
  percentOff: 25,
  appliesTo: { types: ['live_webinar'] },
  endsAt: '2026-12-31T23:59:59.000Z',
  maxUses: 200,
  maxUsesPerCustomer: 1,
};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = await signedIn('admin');
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function signedIn(role: string, membershipType: 'prime' | null = null) {
  const user = await createUser(db.knex, { role, membershipType });
  return { Authorization: `Bearer ${await createSession(db.knex, user.id)}`, email: user.email };
}
const auth = (who: Record<string, string>) => ({ Authorization: who.Authorization! });

let codes = 0;
async function coupon(overrides: Partial<CreateCouponRequest> = {}) {
  const response = await api.request('POST', '/api/admin/coupons', { ...GMP25, code: `C${++codes}X${Date.now() % 100000}`, ...overrides }, auth(admin));
  expect(response.status).toBe(201);
  return couponSchema.parse(response.body);
}

interface Line {
  courseId: string;
  quantity: number;
}

async function quote(lines: Line[], couponCode: string | undefined, headers: Record<string, string> = {}): Promise<CartQuote> {
  const response = await api.request('POST', '/api/cart/quote', { lines, ...(couponCode !== undefined ? { couponCode } : {}) }, headers);
  expect(response.status).toBe(200);
  return cartQuoteSchema.parse(response.body);
}

function open(lines: Line[], amountCents: number, couponCode: string | undefined, headers: Record<string, string>) {
  return api.request(
    'POST',
    '/api/create-payment-intent',
    { courseIds: lines.map((l) => l.courseId), items: lines, amount: amountCents / 100, ...(couponCode ? { couponCode } : {}) },
    headers,
  );
}

async function pay(clientSecret: string) {
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret, card: CARD });
  expect(paid.status).toBe(200);
  return paid.body;
}

async function details(id: string) {
  return couponDetailSchema.parse((await api.get(`/api/admin/coupons/${id}`, auth(admin))).body);
}

describe('the outcome: GMP25, 25 % off live webinars, 200 uses, until 31 Dec, once per customer', () => {
  it('is quoted, charged, on the receipt and invoice, counted once, and refused the second time for that customer', async () => {
    const created = await api.request('POST', '/api/admin/coupons', GMP25, auth(admin));
    expect(created.status).toBe(201);
    const gmp = couponSchema.parse(created.body);
    expect(gmp).toMatchObject({ code: 'GMP25', percentOff: 25, maxUses: 200, uses: 0, held: 0, paused: false, summary: '25% off live webinars' });

    const webinar = await createCourse(db.knex, { title: 'Data Integrity Live', type: 'live_webinar', priceCents: 20000 });
    const recorded = await createCourse(db.knex, { title: 'Cleaning Validation', type: 'recorded_course', priceCents: 10000 });
    const buyer = await signedIn('customer');
    const lines = [
      { courseId: webinar.id, quantity: 1 },
      { courseId: recorded.id, quantity: 1 },
    ];
    // Typed in any case; only the live webinar's line is discounted.
    const quoted = await quote(lines, ' gmp25 ', auth(buyer));
    expect(quoted).toMatchObject({
      subtotalCents: 30000,
      discounts: [{ kind: 'coupon', label: 'Coupon GMP25: 25% off', cents: 5000, amountCents: 5000 }],
      totalCents: 25000,
      couponCode: 'GMP25',
    });
    expect(quoted.message).toBeUndefined();
    expect(quoted.lines.map((l) => l.discountCents)).toEqual([5000, 0]);

    const opened = await open(lines, quoted.totalCents, 'gmp25', auth(buyer));
    expect(opened.status).toBe(200);
    const intent = paymentIntentResponseSchema.parse(opened.body);
    expect(intent.total).toBe('250.00');
    expect((await details(gmp.id)).held).toBe(1);
    const mailsBefore = api.sent.length;
    expect(await pay(intent.clientSecret)).toMatchObject({ status: 'succeeded', amount: '250.00' });

    expect(await db.knex('orders').where({ id: intent.orderId }).first()).toMatchObject({
      status: 'completed',
      total_cents: 25000,
      coupon_code: 'GMP25',
      coupon_discount_cents: 5000,
    });
    const receipt = api.sent.slice(mailsBefore).find((m) => m.to === buyer.email && /receipt/i.test(m.subject))!;
    expect(receipt.text).toContain('Coupon GMP25: 25% off: -$50.00');
    expect(receipt.text).toContain('Total paid: $250.00');
    const invoice = await pdfText((await download(api.baseUrl, invoicePath(intent.orderId), auth(buyer))).bytes);
    expect(invoice).toContain('Coupon GMP25: 25% off');
    expect(invoice).toMatch(/Total\s+\$250\.00/);
    const profile = await api.get('/api/profile', auth(buyer));
    expect(profile.body.orders[0].discounts).toEqual([{ label: 'Coupon GMP25: 25% off', amount: '50.00' }]);

    const report = await details(gmp.id);
    expect(report).toMatchObject({ uses: 1, held: 0, discountCents: 5000 });
    expect(report.redemptions).toEqual([
      expect.objectContaining({ orderId: intent.orderId, customerEmail: buyer.email, discountCents: 5000, totalCents: 25000 }),
    ]);

    // Once per customer: the quote says so and gives nothing; checkout refuses it.
    const another = await createCourse(db.knex, { type: 'live_webinar', priceCents: 8000 });
    const again = await quote([{ courseId: another.id, quantity: 1 }], 'GMP25', auth(buyer));
    expect(again).toMatchObject({ totalCents: 8000, discounts: [], couponCode: null, message: COUPON_MESSAGES.usedByCustomer });
    const refused = await open([{ courseId: another.id, quantity: 1 }], 6000, 'GMP25', auth(buyer));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COUPON_MESSAGES.usedByCustomer);
    expect((await details(gmp.id)).uses).toBe(1);
  });

  it('comes after a PRIME member’s discount, on what is left of the line', async () => {
    const c = await coupon();
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 20000 });
    const member = await signedIn('customer', 'prime');
    const quoted = await quote([{ courseId: webinar.id, quantity: 1 }], c.code, auth(member));
    // $200 − 25 % membership = $150; − 25 % coupon of $150 = $37.50 → $112.50.
    expect(quoted.discounts).toEqual([
      { kind: 'membership', label: MEMBERSHIP_BENEFITS.prime.discounts[0]!.label, cents: 5000, amountCents: 5000 },
      { kind: 'coupon', label: `Coupon ${c.code}: 25% off`, cents: 3750, amountCents: 3750 },
    ]);
    expect(quoted.totalCents).toBe(11250);
    const opened = await open([{ courseId: webinar.id, quantity: 1 }], 11250, c.code, auth(member));
    expect(opened.status).toBe(200);
    expect(await pay(opened.body.clientSecret)).toMatchObject({ amount: '112.50' });
  });

  it('takes a fixed amount once per order, spread over the lines it applies to, never below zero', async () => {
    const c = await coupon({ percentOff: undefined, amountOffCents: 5000, appliesTo: undefined, maxUsesPerCustomer: undefined });
    expect(c.summary).toBe('$50.00 off everything');
    const a = await createCourse(db.knex, { type: 'recorded_course', priceCents: 3000 });
    const b = await createCourse(db.knex, { type: 'live_seminar', priceCents: 9000 });
    const buyer = await signedIn('customer');
    const quoted = await quote(
      [
        { courseId: a.id, quantity: 1 },
        { courseId: b.id, quantity: 1 },
      ],
      c.code,
      auth(buyer),
    );
    expect(quoted.totalCents).toBe(7000);
    expect(quoted.lines.map((l) => l.discountCents)).toEqual([1250, 3750]);
    const small = await quote([{ courseId: a.id, quantity: 1 }], c.code, auth(buyer));
    expect(small).toMatchObject({ totalCents: 0, discounts: [{ kind: 'coupon', cents: 3000 }] });
  });

  it('100 % off: nothing to pay, so the order completes at once without the processor; a guest must sign in first', async () => {
    const c = await coupon({ percentOff: 100, appliesTo: { types: ['live_seminar'] }, maxUsesPerCustomer: undefined });
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 45000, maxParticipants: 10 });
    const lines = [{ courseId: seminar.id, quantity: 1 }];
    const guestEmail = `guest-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const guest = await api.request('POST', '/api/create-payment-intent', {
      courseIds: [seminar.id],
      items: lines,
      amount: 0,
      couponCode: c.code,
      customerEmail: guestEmail,
      customerName: 'Guest Buyer',
    });
    expect([guest.status, guest.body.message]).toEqual([401, FREE_ORDER_SIGN_IN]);
    expect(await db.knex('orders').where({ customer_email: guestEmail })).toEqual([]);
    expect((await details(c.id)).held).toBe(0);

    const buyer = await signedIn('customer');
    expect(await quote(lines, c.code, auth(buyer))).toMatchObject({ totalCents: 0 });
    const mailsBefore = api.sent.length;
    const opened = await open(lines, 0, c.code, auth(buyer));
    expect(opened.status, opened.text).toBe(200);
    const intent = paymentIntentResponseSchema.parse(opened.body);
    expect(intent).toMatchObject({ total: '0.00', paid: true, paymentIntentId: `free_${intent.orderId.replace(/-/g, '')}` });
    expect(await db.knex('orders').where({ id: intent.orderId }).first()).toMatchObject({ status: 'completed', total_cents: 0, coupon_discount_cents: 45000 });
    expect(await db.knex('test_payment_intents').where({ order_id: intent.orderId })).toEqual([]);
    const user = await db.knex('users').where({ email: buyer.email }).first();
    expect(await db.knex('entitlements').where({ user_id: user.id, course_id: seminar.id }).whereNull('revoked_at')).toHaveLength(1);
    expect(await db.knex('courses').where({ id: seminar.id }).first()).toMatchObject({ current_participants: 1, seats_held: 0 });
    expect((await details(c.id)).uses).toBe(1);
    const receipt = api.sent.slice(mailsBefore).find((m) => m.to === buyer.email && /receipt/i.test(m.subject))!;
    expect(receipt.text).toContain('Total paid: $0.00');
    // /success's receipt, for whoever holds the payment id and its secret (and only them).
    const pdf = await download(api.baseUrl, `/api/payments/${intent.paymentIntentId}/receipt.pdf?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(pdf.status).toBe(200);
    const wrong = await download(api.baseUrl, `/api/payments/${intent.paymentIntentId}/receipt.pdf?client_secret=free_wrong`);
    expect(wrong.status).toBe(404);
    // Theirs now: the same cart again is refused as owned.
    expect((await open(lines, 0, c.code, auth(buyer))).status).toBe(409);
  });
});

describe('codes that give nothing', () => {
  it('unknown, paused, not yet, expired, not applicable, under the minimum: the quote says why and discounts nothing; checkout refuses', async () => {
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 10000 });
    const buyer = await signedIn('customer');
    const line = [{ courseId: webinar.id, quantity: 1 }];
    const expectNothing = async (code: string, message: string, lines: Line[] = line, status = 409) => {
      const quoted = await quote(lines, code, auth(buyer));
      expect(quoted).toMatchObject({ totalCents: 10000, discounts: [], couponCode: null, message });
      const refused = await open(lines, 10000, code, auth(buyer));
      expect(refused.status).toBe(status);
      expect(refused.body.message).toBe(message);
    };
    await expectNothing('NOSUCHCODE', COUPON_MESSAGES.unknown, line, 400);
    await expectNothing('not a code at all!', COUPON_MESSAGES.unknown, line, 400);

    const paused = await coupon();
    expect((await api.request('PATCH', `/api/admin/coupons/${paused.id}`, { paused: true }, auth(admin))).body).toMatchObject({ paused: true });
    await expectNothing(paused.code, COUPON_MESSAGES.paused);
    await api.request('PATCH', `/api/admin/coupons/${paused.id}`, { paused: false }, auth(admin));
    expect((await quote(line, paused.code, auth(buyer))).totalCents).toBe(7500);

    await expectNothing((await coupon({ startsAt: '2026-12-01T00:00:00.000Z' })).code, COUPON_MESSAGES.notStarted);
    const ending = await coupon({ endsAt: '2026-11-22T00:00:00.000Z' });
    expect((await quote(line, ending.code, auth(buyer))).totalCents).toBe(7500);
    now = new Date('2026-11-22T00:00:00.000Z');
    try {
      await expectNothing(ending.code, COUPON_MESSAGES.expired);
    } finally {
      now = new Date('2026-11-21T12:00:00.000Z');
    }
    await expectNothing((await coupon()).code, COUPON_MESSAGES.notApplicable, [{ courseId: seminar.id, quantity: 1 }]);
    await expectNothing((await coupon({ minOrderCents: 15000 })).code, COUPON_MESSAGES.minOrder('150.00'));
    // Nothing was held by any of the refusals.
    expect(
      await db
        .knex('coupon_redemptions')
        .whereIn('coupon_id', db.knex('coupons').where('code', 'like', 'C%').select('id'))
        .where('status', 'held'),
    ).toHaveLength(0);
  });

  it('the last use goes to one checkout; the next buyer is refused until that checkout ends unpaid', async () => {
    const c = await coupon({ maxUses: 1 });
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const line = [{ courseId: webinar.id, quantity: 1 }];
    const first = await signedIn('customer');
    const second = await signedIn('customer');
    const held = await open(line, 7500, c.code, auth(first));
    expect(held.status).toBe(200);
    expect((await quote(line, c.code, auth(second))).message).toBe(COUPON_MESSAGES.exhausted);
    const refused = await open(line, 7500, c.code, auth(second));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COUPON_MESSAGES.exhausted);
    // The first checkout's payment is declined: its use goes back.
    const declined = await api.request('POST', '/api/test-payments/confirm', {
      clientSecret: held.body.clientSecret,
      card: { ...CARD, number: '4000 0000 0000 0002' },
    });
    expect(declined.body.status).not.toBe('succeeded');
    const now2 = await open(line, 7500, c.code, auth(second));
    expect(now2.status).toBe(200);
    await pay(now2.body.clientSecret);
    expect(await details(c.id)).toMatchObject({ uses: 1, held: 0 });
    expect((await open(line, 7500, c.code, auth(first))).body.message).toBe(COUPON_MESSAGES.exhausted);
  });

  it('a cart changed after the code was applied is priced again: the old total is refused with the new one', async () => {
    const c = await coupon({ appliesTo: undefined, maxUsesPerCustomer: undefined });
    const a = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const b = await createCourse(db.knex, { type: 'recorded_course', priceCents: 4000 });
    const buyer = await signedIn('customer');
    const before = await quote([{ courseId: a.id, quantity: 1 }], c.code, auth(buyer));
    expect(before.totalCents).toBe(7500);
    const lines = [
      { courseId: a.id, quantity: 1 },
      { courseId: b.id, quantity: 1 },
    ];
    const after = await quote(lines, c.code, auth(buyer));
    expect(after).toMatchObject({ totalCents: 10500, discounts: [{ kind: 'coupon', cents: 3500 }] });
    const stale = await open(lines, before.totalCents, c.code, auth(buyer));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ total: '105.00', message: expect.stringMatching(/^Prices have changed/) });
    expect((await open(lines, after.totalCents, c.code, auth(buyer))).status).toBe(200);
  });
});

describe('uses that end', () => {
  it('a checkout paid after it expired takes its use again, or is refunded when the last use went to someone else', async () => {
    const c = await coupon({ maxUses: 1, appliesTo: undefined, maxUsesPerCustomer: undefined });
    const course = await createCourse(db.knex, { type: 'recorded_course', priceCents: 10000 });
    const line = [{ courseId: course.id, quantity: 1 }];
    const late = await open(line, 7500, c.code, auth(await signedIn('customer')));
    expect(await api.app.services.checkout.failOrder(late.body.orderId, 'expired')).toBe(true);
    expect(await details(c.id)).toMatchObject({ held: 0, uses: 0 });
    // Its money arrives late (a webhook), while the use is still free: it is taken again and counted.
    expect(await api.app.services.checkout.fulfilOrder(late.body.orderId, 'pi_late_1')).toBe('fulfilled');
    expect(await details(c.id)).toMatchObject({ held: 0, uses: 1 });

    const d = await coupon({ maxUses: 1, appliesTo: undefined, maxUsesPerCustomer: undefined });
    const expired = await open(line, 7500, d.code, auth(await signedIn('customer')));
    await api.app.services.checkout.failOrder(expired.body.orderId, 'expired');
    const other = await open(line, 7500, d.code, auth(await signedIn('customer')));
    await pay(other.body.clientSecret);
    expect(await api.app.services.checkout.fulfilOrder(expired.body.orderId, 'pi_late_2')).toBe('refund_required');
    expect(await db.knex('orders').where({ id: expired.body.orderId }).first()).toMatchObject({
      status: 'refund_required',
      refund_due_cents: 7500,
      refund_reason: `Paid after the checkout expired: ${COUPON_MESSAGES.exhausted}`,
    });
    expect(await details(d.id)).toMatchObject({ held: 0, uses: 1 });
  });

  it('an order refunded in full gives its use back: the customer may use a once-per-customer code again', async () => {
    const c = await coupon({ appliesTo: undefined });
    const course = await createCourse(db.knex, { type: 'recorded_course', priceCents: 10000 });
    const buyer = await signedIn('customer');
    const opened = await open([{ courseId: course.id, quantity: 1 }], 7500, c.code, auth(buyer));
    await pay(opened.body.clientSecret);
    expect((await quote([{ courseId: course.id, quantity: 1 }], c.code, auth(buyer))).message).toBe(COUPON_MESSAGES.usedByCustomer);
    const refunded = await api.request(
      'POST',
      `/api/admin/orders/${opened.body.orderId}/refund`,
      { reason: 'Duplicate purchase' },
      { ...auth(admin), 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect(await details(c.id)).toMatchObject({ uses: 0, held: 0 });
    expect((await quote([{ courseId: course.id, quantity: 1 }], c.code, auth(buyer))).totalCents).toBe(7500);
  });
});

describe('guessing codes', () => {
  it('is rate limited per client: past the limit every code, even a valid one, gets a 429 for the hour', async () => {
    const limited = await startTestServer(db.knex, { clock: () => now, limits: { couponAttemptsPerIp: 3 }, trustProxy: 1 });
    try {
      const c = await coupon({ appliesTo: undefined });
      const course = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
      const body = (couponCode: string) => ({ lines: [{ courseId: course.id, quantity: 1 }], couponCode });
      const guesser = { 'X-Forwarded-For': '203.0.113.9' };
      for (let i = 0; i < 3; i++)
        expect((await limited.request('POST', '/api/cart/quote', body(`GUESS${i}`), guesser)).body.message).toBe(COUPON_MESSAGES.unknown);
      const blocked = await limited.request('POST', '/api/cart/quote', body('GUESS9'), guesser);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many codes tried\. Please try again in \d+ minutes?\.$/);
      expect((await limited.request('POST', '/api/cart/quote', body(c.code), guesser)).status).toBe(429);
      // Another client, and a valid code, are not affected; a quote without a code neither.
      expect((await limited.request('POST', '/api/cart/quote', body(c.code), { 'X-Forwarded-For': '203.0.113.10' })).body.totalCents).toBe(7500);
      expect((await limited.request('POST', '/api/cart/quote', { lines: [{ courseId: course.id, quantity: 1 }] }, guesser)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the back office', () => {
  it('validates what it creates, refuses a code that exists in any case, and is for admins only', async () => {
    const bad = async (body: object, message: RegExp) => {
      const response = await api.request('POST', '/api/admin/coupons', body, auth(admin));
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    };
    await bad({ code: 'BOTH1', percentOff: 10, amountOffCents: 500 }, /either percentOff or amountOffCents/);
    await bad({ code: 'NONE1' }, /either percentOff or amountOffCents/);
    await bad({ code: 'PCT1', percentOff: 101 }, /percentOff must be a whole number from 1 to 100/);
    await bad({ code: 'x', percentOff: 10 }, /3 to 32 letters/);
    await bad({ code: 'DATES1', percentOff: 10, startsAt: '2027-01-02T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' }, /endsAt must be after startsAt/);
    await bad({ code: 'TYPE1', percentOff: 10, appliesTo: { types: ['podcast'] } }, /types must be among/);
    await bad({ code: 'COURSE1', percentOff: 10, appliesTo: { courseIds: ['00000000-0000-4000-8000-000000000000'] } }, /names a course that does not exist/);
    await bad({ code: 'EXTRA1', percentOff: 10, uses: 5 }, /uses/);
    await bad({ code: 'EMPTY1', percentOff: 10, appliesTo: { types: [], memberships: false } }, /Choose at least one course type, course or memberships/);
    expect(await db.knex('coupons').whereIn('code', ['BOTH1', 'NONE1', 'PCT1', 'DATES1', 'TYPE1', 'COURSE1', 'EXTRA1', 'EMPTY1'])).toHaveLength(0);

    const first = await coupon({ code: 'Spring-26' });
    expect(first.code).toBe('SPRING-26');
    const duplicate = await api.request('POST', '/api/admin/coupons', { ...GMP25, code: 'spring-26' }, auth(admin));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(COUPON_MESSAGES.duplicateCode);

    const contributor = await signedIn('contributor');
    const customer = await signedIn('customer');
    for (const who of [contributor, customer]) {
      expect((await api.get('/api/admin/coupons', auth(who))).status).toBe(403);
      expect((await api.request('POST', '/api/admin/coupons', { ...GMP25, code: 'SNEAKY' }, auth(who))).status).toBe(403);
      expect((await api.request('PATCH', `/api/admin/coupons/${first.id}`, { paused: true }, auth(who))).status).toBe(403);
    }
    expect((await api.get('/api/admin/coupons')).status).toBe(401);
    expect((await api.get('/api/admin/coupons/00000000-0000-4000-8000-000000000000', auth(admin))).status).toBe(404);
    expect((await api.request('PATCH', `/api/admin/coupons/${first.id}`, { paused: 'yes' }, auth(admin))).status).toBe(400);
    const list = (await api.get('/api/admin/coupons', auth(admin))).body.coupons.map((c: { code: string }) => c.code);
    expect(list).toContain('SPRING-26');
    expect(list).not.toContain('SNEAKY');
    const audit = await db.knex('audit_entries').where({ entity: 'coupon', entity_id: first.id });
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });
});

describe('concurrency', () => {
  it('50 concurrent buyers on a 30-use coupon: exactly 30 hold a use and pay, 20 are told it reached its limit', async () => {
    const c = await coupon({ maxUses: 30, appliesTo: undefined });
    const course = await createCourse(db.knex, { type: 'recorded_course', priceCents: 10000 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signedIn('customer')));
    const line = [{ courseId: course.id, quantity: 1 }];
    const attempts = await Promise.all(buyers.map((who) => open(line, 7500, c.code, auth(who))));
    const ok = attempts.filter((r) => r.status === 200);
    const refused = attempts.filter((r) => r.status === 409);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body.message).toBe(COUPON_MESSAGES.exhausted);
    const paid = await Promise.all(ok.map((r) => api.request('POST', '/api/test-payments/confirm', { clientSecret: r.body.clientSecret, card: CARD })));
    expect(paid.every((r) => r.body.status === 'succeeded')).toBe(true);
    expect(await details(c.id)).toMatchObject({ uses: 30, held: 0, discountCents: 30 * 2500 });
    expect(await db.knex('coupons').where({ id: c.id }).first()).toMatchObject({ claimed: 30 });
    console.log(`[${testEngine()}] 50 concurrent checkouts on a 30-use coupon: ${ok.length} held and paid, ${refused.length} refused`);
  });

  it('one customer’s concurrent checkouts of a once-per-customer code: one holds it', async () => {
    const c = await coupon({ appliesTo: undefined });
    const buyer = await signedIn('customer');
    const courses = await Promise.all(Array.from({ length: 6 }, () => createCourse(db.knex, { type: 'recorded_course', priceCents: 10000 })));
    const attempts = await Promise.all(courses.map((course) => open([{ courseId: course.id, quantity: 1 }], 7500, c.code, auth(buyer))));
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of attempts.filter((r) => r.status !== 200)) expect(r.body.message).toBe(COUPON_MESSAGES.heldElsewhere);
    expect(await db.knex('coupon_redemptions').where({ coupon_id: c.id, status: 'held' })).toHaveLength(1);
  });
});
