/**
 * Memberships' price benefits (issue 29, point 10): priced by the server from the signed-in
 * buyer's plan, stored on the order, charged, quoted before paying, and shown on the receipt and
 * the invoice. The rules and labels come from contracts/membership-benefits.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartQuoteSchema, paymentIntentResponseSchema, type CartQuote } from '@contracts/checkout';
import { invoicePath } from '@contracts/document-paths';
import { MEMBERSHIP_BENEFITS } from '@contracts/membership-benefits';
import { createCourse, createPricingTier, createSession, createUser } from './support/factories';
import { download, pdfText } from './support/documents';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const now = new Date('2026-11-21T12:00:00.000Z');
const PUBLIC_URL = 'https://training.example';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Member' };
const PRIME_WEBINARS = MEMBERSHIP_BENEFITS.prime.discounts[0]!.label;
const PRIME_SEMINARS = MEMBERSHIP_BENEFITS.prime.discounts[1]!.label;
const BUSINESS_GROUPS = MEMBERSHIP_BENEFITS.business.discounts[0]!.label;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now, publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

interface Line {
  courseId: string;
  pricingTierId?: string;
  quantity: number;
}

async function member(plan: 'prime' | 'business' | null) {
  const user = await createUser(db.knex, { role: 'customer', membershipType: plan });
  return { user, headers: { Authorization: `Bearer ${await createSession(db.knex, user.id)}` } };
}

async function quote(lines: Line[], headers: Record<string, string> = {}): Promise<CartQuote> {
  const response = await api.request('POST', '/api/cart/quote', { lines }, headers);
  expect(response.status).toBe(200);
  return cartQuoteSchema.parse(response.body);
}

/** Quote, open checkout with the quote's total, pay; the order, its lines and the payment as stored. */
async function buy(lines: Line[], headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const quoted = await quote(lines, headers);
  const opened = await api.request(
    'POST',
    '/api/create-payment-intent',
    { courseIds: lines.map((l) => l.courseId), amount: quoted.totalCents / 100, items: lines, ...extra },
    headers,
  );
  expect(opened.status).toBe(200);
  const intent = paymentIntentResponseSchema.parse(opened.body);
  const mailsBefore = api.sent.length;
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.clientSecret, card: CARD });
  expect(paid.status).toBe(200);
  const order = await db.knex('orders').where({ id: intent.orderId }).first();
  const items = await db.knex('order_items').where({ order_id: intent.orderId }).orderBy('position');
  const payment = await db.knex('test_payment_intents').where({ id: intent.paymentIntentId }).first();
  return { quoted, intent, paid: paid.body, order, items, payment, mails: api.sent.slice(mailsBefore) };
}

describe('PRIME', () => {
  it('pays 25 % less for a live webinar: quote, payment amount, order, receipt and invoice agree', async () => {
    const course = await createCourse(db.knex, { title: 'Data Integrity Live', type: 'live_webinar', priceCents: 20000 });
    const { user, headers } = await member('prime');
    const { quoted, intent, paid, order, items, payment, mails } = await buy([{ courseId: course.id, quantity: 1 }], headers);

    expect(quoted).toMatchObject({
      subtotalCents: 20000,
      discounts: [{ kind: 'membership', label: PRIME_WEBINARS, cents: 5000 }],
      totalCents: 15000,
      total: '150.00',
      membershipPlan: 'prime',
    });
    expect(quoted.lines).toEqual([
      expect.objectContaining({ courseId: course.id, unitCents: 20000, subtotalCents: 20000, discountCents: 5000, totalCents: 15000 }),
    ]);
    expect(intent.total).toBe('150.00');
    expect(payment.amount_cents).toBe(15000);
    expect(paid).toMatchObject({ status: 'succeeded', amount: '150.00' });
    expect(order).toMatchObject({ status: 'completed', total_cents: 15000, membership_discount_cents: 5000 });
    expect(items.map((i) => [i.price_cents, i.quantity, i.discount_cents])).toEqual([[20000, 1, 5000]]);

    const receipt = mails.find((m) => m.to === user.email && /receipt/i.test(m.subject))!;
    expect(receipt.text).toContain('Subtotal: $200.00');
    expect(receipt.text).toContain(`${PRIME_WEBINARS}: -$50.00`);
    expect(receipt.text).toContain('Total paid: $150.00');
    expect(receipt.text).toContain(`Go to My Training: ${PUBLIC_URL}/learn`);

    const invoice = await pdfText((await download(api.baseUrl, invoicePath(intent.orderId), headers)).bytes);
    expect(invoice).toMatch(/Subtotal\s+\$200\.00/);
    expect(invoice).toContain(PRIME_WEBINARS);
    expect(invoice).toContain('-$50.00');
    expect(invoice).toMatch(/Total\s+\$150\.00/);
    expect(invoice).toContain('Paid in full: $150.00');

    const profile = await api.get('/api/profile', headers);
    expect(profile.body.orders[0]).toMatchObject({ id: intent.orderId, total: '150.00' });
    // The profile names the discount as the receipt and the invoice do, beside the items' list prices.
    expect(profile.body.orders[0]).toMatchObject({
      items: [expect.objectContaining({ price: '200.00' })],
      discounts: [{ label: PRIME_WEBINARS, amount: '50.00' }],
    });
  });

  it('pays 5 % less for a live seminar, and nothing less for a recorded course', async () => {
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 99900 });
    const recorded = await createCourse(db.knex, { type: 'recorded_course', priceCents: 4999 });
    const { headers } = await member('prime');
    const { quoted, order, items, payment } = await buy(
      [
        { courseId: seminar.id, quantity: 1 },
        { courseId: recorded.id, quantity: 1 },
      ],
      headers,
    );
    expect(quoted.discounts).toEqual([{ kind: 'membership', label: PRIME_SEMINARS, cents: 4995, amountCents: 4995 }]);
    expect(items.map((i) => i.discount_cents)).toEqual([4995, 0]);
    expect(order).toMatchObject({ total_cents: 99900 + 4999 - 4995, membership_discount_cents: 4995 });
    expect(payment.amount_cents).toBe(99900 + 4999 - 4995);
  });
});

describe('BUSINESS', () => {
  it('takes 50 % off a group registration (2 seats of one live seminar), nothing off a single seat', async () => {
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 30000, maxParticipants: 20 });
    const { headers } = await member('business');

    expect(await quote([{ courseId: seminar.id, quantity: 1 }], headers)).toMatchObject({ discounts: [], totalCents: 30000, membershipPlan: 'business' });

    const group = await buy([{ courseId: seminar.id, quantity: 2 }], headers);
    expect(group.quoted.discounts).toEqual([{ kind: 'membership', label: BUSINESS_GROUPS, cents: 30000, amountCents: 30000 }]);
    expect(group.order).toMatchObject({ total_cents: 30000, membership_discount_cents: 30000 });
    expect(group.payment.amount_cents).toBe(30000);
  });

  it('counts two tiers of one seminar as one group', async () => {
    const seminar = await createCourse(db.knex, { type: 'live_seminar', priceCents: 10000 });
    const tier = await createPricingTier(db.knex, seminar.id, { name: 'With workbook', priceCents: 12000 });
    const { headers } = await member('business');
    const quoted = await quote(
      [
        { courseId: seminar.id, quantity: 1 },
        { courseId: seminar.id, pricingTierId: tier.id, quantity: 1 },
      ],
      headers,
    );
    expect(quoted.lines.map((l) => l.discountCents)).toEqual([5000, 6000]);
    expect(quoted).toMatchObject({ subtotalCents: 22000, totalCents: 11000 });
  });

  it('gives no PRIME discount on webinars', async () => {
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const { headers } = await member('business');
    expect(await quote([{ courseId: webinar.id, quantity: 1 }], headers)).toMatchObject({ discounts: [], totalCents: 10000 });
  });
});

describe('who gets a discount', () => {
  it('a guest gets none, also with the address of a PRIME account', async () => {
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const { user } = await member('prime');
    const quoted = await quote([{ courseId: webinar.id, quantity: 1 }]);
    expect(quoted).toMatchObject({ discounts: [], totalCents: 10000, membershipPlan: null });

    const { order, payment } = await buy([{ courseId: webinar.id, quantity: 1 }], {}, { customerEmail: user.email, customerName: 'Pat Guest' });
    expect(order).toMatchObject({ user_id: null, total_cents: 10000, membership_discount_cents: 0 });
    expect(payment.amount_cents).toBe(10000);
  });

  it('a customer without a membership pays the list price', async () => {
    const webinar = await createCourse(db.knex, { type: 'webinar', priceCents: 10000 });
    const { headers } = await member(null);
    const { order, payment } = await buy([{ courseId: webinar.id, quantity: 1 }], headers);
    expect(order).toMatchObject({ total_cents: 10000, membership_discount_cents: 0 });
    expect(payment.amount_cents).toBe(10000);
  });
});

describe('the client cannot set the price', () => {
  it('ignores prices and discounts a client sends, and refuses a total that is neither the list nor the quoted one', async () => {
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const { headers } = await member('prime');
    const tampered = [{ courseId: webinar.id, quantity: 1, price: 1, priceCents: 1, discountCents: 9999 }];

    const quoted = await api.request('POST', '/api/cart/quote', { lines: tampered, discounts: [{ label: 'x', cents: 9999 }] }, headers);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ subtotalCents: 10000, totalCents: 7500 });

    const low = await api.request('POST', '/api/create-payment-intent', { courseIds: [webinar.id], amount: 0.01, items: tampered }, headers);
    expect(low.status).toBe(409);
    expect(low.body).toMatchObject({ total: '75.00' });
    expect(low.body.message).toMatch(/^Prices have changed/);

    // The list price (a client that does not know discounts) is accepted, and the discounted total is charged.
    const listed = await api.request('POST', '/api/create-payment-intent', { courseIds: [webinar.id], amount: 100, items: tampered }, headers);
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe('75.00');
    expect((await db.knex('test_payment_intents').where({ id: listed.body.paymentIntentId }).first()).amount_cents).toBe(7500);
  });

  it('answers bad quote requests with a 400 and the reason', async () => {
    const course = await createCourse(db.knex, { priceCents: 1000 });
    const inactive = await createCourse(db.knex, { priceCents: 1000, isActive: false });
    expect((await api.request('POST', '/api/cart/quote', { lines: [] })).body.message).toBe('Your cart is empty');
    expect((await api.request('POST', '/api/cart/quote', {})).status).toBe(400);
    expect((await api.request('POST', '/api/cart/quote', { lines: [{ courseId: course.id, quantity: 0 }] })).status).toBe(400);
    const gone = await api.request('POST', '/api/cart/quote', { lines: [{ courseId: inactive.id, quantity: 1 }] });
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/no longer available/);
  });
});

describe('an open checkout and the plan', () => {
  it('is continued while the plan is the same, and replaced at the new price when the plan changed', async () => {
    const webinar = await createCourse(db.knex, { type: 'live_webinar', priceCents: 10000 });
    const { user, headers } = await member(null);
    const body = { courseIds: [webinar.id], amount: 100, items: [{ courseId: webinar.id, quantity: 1 }] };

    const first = await api.request('POST', '/api/create-payment-intent', body, headers);
    expect(first.body.total).toBe('100.00');
    expect((await api.request('POST', '/api/create-payment-intent', body, headers)).body.orderId).toBe(first.body.orderId);

    await db.knex('users').where({ id: user.id }).update({ membership_type: 'prime' });
    const second = await api.request('POST', '/api/create-payment-intent', body, headers);
    expect(second.status).toBe(200);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    expect(second.body.total).toBe('75.00');
    expect((await db.knex('orders').where({ id: first.body.orderId }).first()).status).toBe('expired');

    // The plan ends before paying: the checkout keeps the price it was opened with.
    await db.knex('users').where({ id: user.id }).update({ membership_type: null });
    const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: second.body.clientSecret, card: CARD });
    expect(paid.body).toMatchObject({ status: 'succeeded', amount: '75.00' });
    expect(await db.knex('orders').where({ id: second.body.orderId }).first()).toMatchObject({ status: 'completed', total_cents: 7500 });
  });
});
