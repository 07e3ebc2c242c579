/**
 * Invoices (issue 16): a PDF per completed order with a gapless number per year allocated in the
 * fulfilment transaction; the buyer or an admin may download it (anyone else: 404), a guest on
 * /success with the payment's client secret; the receipt mail attaches it; orders completed
 * before invoices existed get their number on first download from the same counter.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePath, receiptPath } from '@contracts/document-paths';
import { INVOICE_NUMBER_PATTERN } from '@contracts/invoices';
import { createCourse, createOrder, createPricingTier, createSession, createUser } from './support/factories';
import { download, pdfText } from './support/documents';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let now = new Date('2026-11-21T12:00:00.000Z');

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function person(role = 'customer', name?: string) {
  const user = await createUser(db.knex, { role, name });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function buy(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const intent = await api.request('POST', '/api/create-payment-intent', body, headers);
  expect(intent.status, intent.text).toBe(200);
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
  expect(paid.body.status).toBe('succeeded');
  return intent.body as { orderId: string; clientSecret: string; paymentIntentId: string };
}

const sequenceOf = (invoiceNumber: string) => Number(invoiceNumber.split('-')[2]);

describe('the invoice PDF', () => {
  it('carries the number, seller, buyer, lines, totals and payment, and is attached to the receipt', async () => {
    const course = await createCourse(db.knex, { title: 'GMP Auditing Essentials', priceCents: 10000 });
    const tier = await createPricingTier(db.knex, course.id, { name: 'Team', priceCents: 25050 });
    const other = await createCourse(db.knex, { title: 'CAPA in Practice', priceCents: 12345 });
    const { user, headers } = await person('customer', 'Ada Buyer');
    const mailsBefore = api.sent.length;
    const intent = await buy(
      {
        courseIds: [course.id, course.id, other.id],
        amount: 624.45,
        items: [
          { courseId: course.id, pricingTierId: tier.id, quantity: 2 },
          { courseId: other.id, quantity: 1 },
        ],
      },
      headers,
    );

    const stored = await db.knex('orders').where({ id: intent.orderId }).first();
    expect(stored.invoice_number).toMatch(INVOICE_NUMBER_PATTERN);
    expect(stored.invoice_number.startsWith('INV-2026-')).toBe(true);
    expect(stored.invoiced_at).toBe(now.toISOString());

    const file = await download(api.baseUrl, invoicePath(intent.orderId), headers);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${stored.invoice_number}.pdf"`);
    expect(file.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(file.bytes);
    expect(text).toContain(`Invoice number: ${stored.invoice_number}`);
    expect(text).toContain('Invoice date: November 21, 2026');
    // Seller: the provider's Canadian main office and Indian branch.
    expect(text).toContain('LifeScience Academy Inc.');
    expect(text).toContain('Mississauga, ON L4Z 1H8');
    expect(text).toContain('LifeScience Academy India Pvt. Ltd.');
    // Buyer.
    expect(text).toContain('Ada Buyer');
    expect(text).toContain(user.email);
    // Lines: title, tier, quantity, unit price, line total.
    expect(text).toMatch(/GMP Auditing Essentials - Team\s+Team\s+2\s+\$250\.50\s+\$501\.00/);
    expect(text).toMatch(/CAPA in Practice\s+—\s+1\s+\$123\.45\s+\$123\.45/);
    expect(text).toMatch(/Subtotal\s+\$624\.45/);
    expect(text).toMatch(/Tax\s+\$0\.00/);
    expect(text).toMatch(/Total\s+\$624\.45/);
    expect(text).toContain('Payment method: Visa ending in 4242');
    expect(text).toContain(`Payment ID: ${intent.paymentIntentId}`);

    const receipt = api.sent.slice(mailsBefore).find((m) => m.to === user.email && /receipt/i.test(m.subject));
    expect(receipt?.text).toContain(`Invoice: ${stored.invoice_number}`);
    const attached = receipt?.attachments?.find((a) => a.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`${stored.invoice_number}.pdf`);
    expect(await pdfText(new Uint8Array(attached!.content as Buffer))).toContain(`Invoice number: ${stored.invoice_number}`);

    // Downloading again gives the same number: nothing new is allocated.
    const again = await download(api.baseUrl, invoicePath(intent.orderId), headers);
    expect(again.headers.get('x-invoice-number')).toBe(stored.invoice_number);
    expect((await db.knex('invoice_counters').where({ year: 2026 }).first()).last).toBe(sequenceOf(stored.invoice_number));
  });

  it('is the buyer’s or an admin’s only: another customer, a contributor and unknown ids get 404; signed out 401', async () => {
    const course = await createCourse(db.knex, { priceCents: 5000 });
    const buyer = await person();
    const intent = await buy({ courseIds: [course.id], amount: 50 }, buyer.headers);
    const stranger = await person();
    const contributor = await person('contributor');
    const admin = await person('admin');

    for (const headers of [stranger.headers, contributor.headers]) {
      const refused = await download(api.baseUrl, invoicePath(intent.orderId), headers);
      expect(refused.status).toBe(404);
      expect(refused.json().message).toBe('Invoice not found');
    }
    expect((await download(api.baseUrl, invoicePath(intent.orderId))).status).toBe(401);
    expect((await download(api.baseUrl, invoicePath(crypto.randomUUID()), buyer.headers)).status).toBe(404);
    expect((await download(api.baseUrl, invoicePath('not-an-id'), buyer.headers)).status).toBe(404);
    const asAdmin = await download(api.baseUrl, invoicePath(intent.orderId), admin.headers);
    expect(asAdmin.status).toBe(200);
    expect(await pdfText(asAdmin.bytes)).toContain(`Payment ID: ${intent.paymentIntentId}`);

    // An open checkout has no invoice, and asking for one allocates nothing.
    const counter = (await db.knex('invoice_counters').where({ year: 2026 }).first()).last;
    const pending = await api.request('POST', '/api/create-payment-intent', { courseIds: [(await createCourse(db.knex)).id], amount: 199 }, buyer.headers);
    expect((await download(api.baseUrl, invoicePath(pending.body.orderId), buyer.headers)).status).toBe(404);
    expect((await db.knex('invoice_counters').where({ year: 2026 }).first()).last).toBe(counter);
  });

  it('is the guest’s receipt on /success with the payment’s client secret, and nobody else’s', async () => {
    const course = await createCourse(db.knex, { title: 'Guest Course', priceCents: 7500 });
    const intent = await buy({ courseIds: [course.id], amount: 75, customerEmail: 'guest.buyer@academy.test', customerName: 'Gus Guest' });
    const number = (await db.knex('orders').where({ id: intent.orderId }).first()).invoice_number;

    const receipt = await download(api.baseUrl, receiptPath(intent.paymentIntentId, intent.clientSecret));
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('x-invoice-number')).toBe(number);
    const text = await pdfText(receipt.bytes);
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain('Gus Guest');
    expect(text).toContain('guest.buyer@academy.test');

    const other = await buy({
      courseIds: [(await createCourse(db.knex)).id],
      amount: 199,
      customerEmail: 'other.guest@academy.test',
      customerName: 'Other Guest',
    });
    expect((await download(api.baseUrl, receiptPath(intent.paymentIntentId, other.clientSecret))).status).toBe(404);
    expect((await download(api.baseUrl, receiptPath(intent.paymentIntentId, `${intent.clientSecret}x`))).status).toBe(404);
    expect((await download(api.baseUrl, receiptPath('pi_test_unknown', intent.clientSecret))).status).toBe(404);
    const missing = await download(api.baseUrl, `/api/payments/${intent.paymentIntentId}/receipt.pdf`);
    expect(missing.status).toBe(400);
    expect(missing.json().message).toBe('Invalid query parameter "client_secret": required');
    expect((await download(api.baseUrl, `/api/payments/${intent.paymentIntentId}/receipt.pdf?client_secret=short`)).status).toBe(400);

    // Not paid yet: a clear 409, and no number is taken.
    const counter = (await db.knex('invoice_counters').where({ year: 2026 }).first()).last;
    const open = await api.request('POST', '/api/create-payment-intent', {
      courseIds: [(await createCourse(db.knex)).id],
      amount: 199,
      customerEmail: 'slow.guest@academy.test',
      customerName: 'Slow Guest',
    });
    const early = await download(api.baseUrl, receiptPath(open.body.paymentIntentId, open.body.clientSecret));
    expect(early.status).toBe(409);
    expect(early.json().message).toBe('Your payment is still being confirmed. Please try again in a moment.');
    expect((await db.knex('invoice_counters').where({ year: 2026 }).first()).last).toBe(counter);
  });

  it('numbers an order completed before invoices existed on its first download, once, from the same counter', async () => {
    const course = await createCourse(db.knex, { title: 'Legacy Course', priceCents: 9900 });
    const { user, headers } = await person();
    const orderId = await createOrder(db.knex, {
      userId: user.id,
      email: user.email,
      name: user.name,
      status: 'completed',
      paymentIntentId: 'pi_legacy_1',
      items: [{ courseId: course.id, title: 'Legacy Course', priceCents: 9900 }],
    });
    const before = (await db.knex('invoice_counters').where({ year: 2026 }).first()).last;

    const downloads = await Promise.all(Array.from({ length: 6 }, () => download(api.baseUrl, invoicePath(orderId), headers)));
    expect(downloads.map((d) => d.status)).toEqual(Array(6).fill(200));
    const numbers = new Set(downloads.map((d) => d.headers.get('x-invoice-number')));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];
    expect(sequenceOf(number!)).toBe(before + 1);
    expect((await db.knex('invoice_counters').where({ year: 2026 }).first()).last).toBe(before + 1);
    expect(await pdfText(downloads[0]!.bytes)).toContain('Payment method: Card payment via Stripe');
  });
});

describe(`invoice numbers under concurrency (${testEngine()})`, () => {
  it('50 concurrent fulfilments get unique, gapless numbers', async () => {
    const course = await createCourse(db.knex, { priceCents: 1000 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => person()));
    const intents = await Promise.all(
      buyers.map(async ({ headers }) => (await api.request('POST', '/api/create-payment-intent', { courseIds: [course.id], amount: 10 }, headers)).body),
    );
    // Run alone, this is also the year's first invoice: 50 fulfilments race to create the counter.
    const before = (await db.knex('invoice_counters').where({ year: 2026 }).first())?.last ?? 0;

    const started = Date.now();
    const paid = await Promise.all(
      intents.map((intent) => api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.clientSecret, card: CARD })),
    );
    expect(paid.map((p) => p.body.status)).toEqual(Array(50).fill('succeeded'));
    console.log(`[${testEngine()}] 50 concurrent fulfilments numbered in ${Date.now() - started} ms`);

    const numbers = (await db
      .knex('orders')
      .whereIn(
        'id',
        intents.map((i) => i.orderId),
      )
      .pluck('invoice_number')) as string[];
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    expect((await db.knex('invoice_counters').where({ year: 2026 }).first()).last).toBe(before + 50);
    // Over the whole year so far: every number from 1 to the counter is on exactly one order.
    const all = ((await db.knex('orders').where('invoice_number', 'like', 'INV-2026-%').pluck('invoice_number')) as string[])
      .map(sequenceOf)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: before + 50 }, (_, i) => i + 1));
  });

  it('starts again at 000001 in a new year', async () => {
    now = new Date('2027-01-01T00:00:05.000Z');
    try {
      const intent = await buy({
        courseIds: [(await createCourse(db.knex)).id],
        amount: 199,
        customerEmail: 'new.year@academy.test',
        customerName: 'New Year',
      });
      expect((await db.knex('orders').where({ id: intent.orderId }).first()).invoice_number).toBe('INV-2027-000001');
    } finally {
      now = new Date('2026-11-21T12:00:00.000Z');
    }
  });
});
