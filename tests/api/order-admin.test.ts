/**
 * Back office orders and figures (back-office spec §2, §7, §9; issue 12): the order list's pages,
 * filters and Link cursor, the figures computed by the database, and the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createInstructor, createOrder, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let courseId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  const user = await createUser(db.knex, { role: 'admin' });
  admin = { Authorization: `Bearer ${await createSession(db.knex, user.id)}` };
  courseId = (await createCourse(db.knex, { title: 'GMP Basics' })).id;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const line = (priceCents: number, extra: Partial<{ title: string; tierName: string; quantity: number }> = {}) => ({
  courseId,
  title: 'GMP Basics',
  priceCents,
  ...extra,
});
const nextLink = (link: string | null) => /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1] ?? null;

describe('figures', () => {
  it('are computed by the database: revenue counts completed orders only, pending orders counted apart', async () => {
    const before = (await api.get('/api/admin/stats', admin)).body;
    await createOrder(db.knex, { userId: null, email: 'a@example.com', status: 'completed', items: [line(10000)] });
    await createOrder(db.knex, { userId: null, email: 'b@example.com', status: 'completed', items: [line(2550, { quantity: 2 })] });
    await createOrder(db.knex, { userId: null, email: 'c@example.com', status: 'pending', items: [line(5000)] });
    await createOrder(db.knex, { userId: null, email: 'd@example.com', status: 'failed', items: [line(7000)] });
    await createOrder(db.knex, { userId: null, email: 'e@example.com', status: 'expired', items: [line(3000)] });
    await createOrder(db.knex, { userId: null, email: 'f@example.com', status: 'refund_required', items: [line(4000)] });
    await createInstructor(db.knex, { name: 'Dr. Stat' });
    await createCourse(db.knex, { title: 'Pack', type: 'webinar', category: 'pack' });
    await createCourse(db.knex, { title: 'Seminar', type: 'live_seminar' });
    await createCourse(db.knex, { title: 'Recorded seminar', type: 'recorded_seminar' });
    const stats = (await api.get('/api/admin/stats', admin)).body;
    expect(Number(stats.totalRevenue) - Number(before.totalRevenue)).toBeCloseTo(151, 2);
    expect(stats.totalOrders - before.totalOrders).toBe(6);
    expect(stats.pendingOrders - before.pendingOrders).toBe(1);
    expect(stats.totalInstructors - before.totalInstructors).toBe(1);
    expect(stats.totalCourses - before.totalCourses).toBe(3);
    expect(stats.courseTypes.webinarPacks - before.courseTypes.webinarPacks).toBe(1);
    expect(stats.courseTypes.liveSeminars - before.courseTypes.liveSeminars).toBe(1);
    expect(stats.courseTypes.recordedSeminars - before.courseTypes.recordedSeminars).toBe(1);
    expect(stats.totalRevenue).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('the order list', () => {
  it('is newest first with items, total, status and payment state', async () => {
    const id = await createOrder(db.knex, {
      userId: null,
      email: 'list@example.com',
      name: 'Lee List',
      status: 'completed',
      paymentIntentId: 'pi_123',
      createdAt: '2030-01-01T00:00:00.000Z',
      items: [line(1999, { tierName: 'Standard', quantity: 3 })],
    });
    const res = await api.get('/api/admin/orders?limit=1', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id,
        customerEmail: 'list@example.com',
        customerName: 'Lee List',
        items: [{ title: 'GMP Basics', tierName: 'Standard', price: '19.99', quantity: 3 }],
        total: '59.97',
        status: 'completed',
        createdAt: '2030-01-01T00:00:00.000Z',
        stripePaymentIntentId: 'pi_123',
        paymentState: 'paid',
        // Refunds (issue 29): none yet, all of it refundable.
        refunded: '0.00',
        refundable: '59.97',
        refundDue: null,
        refundReason: null,
        refunds: [],
      },
    ]);
    expect((await api.get('/api/orders?limit=1', admin)).body[0].id).toBe(id);
  });

  it('pages by Link cursor: every order exactly once while new orders arrive', async () => {
    const stamp = '2029-06-01T00:00:00.000Z';
    const mine = new Set<string>();
    // Some share one timestamp: the id breaks the tie.
    for (let i = 0; i < 23; i += 1)
      mine.add(
        await createOrder(db.knex, {
          userId: null,
          email: `page-${i}@paging.test`,
          createdAt: i % 3 ? stamp : `2029-05-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`,
          items: [line(100)],
        }),
      );
    const seen: string[] = [];
    let url: string | null = '/api/admin/orders?limit=5&search=paging.test';
    let pages = 0;
    while (url) {
      const res = await api.get(url, admin);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((o: { id: string }) => o.id));
      url = nextLink(res.headers.get('link'));
      pages += 1;
      // A newer order arrives between pages: it belongs before the cursor, so it never shows up mid-walk.
      await createOrder(db.knex, { userId: null, email: `late-${pages}@paging.test`, createdAt: `2035-01-01T00:00:0${pages}.000Z`, items: [line(100)] });
    }
    expect(seen.filter((id) => mine.has(id))).toHaveLength(23);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(5);
  });

  it('filters by status and by e-mail, name or order id prefix', async () => {
    const id = await createOrder(db.knex, { userId: null, email: 'Unique.Buyer@Filter.test', name: 'Zed Filter_Name', status: 'pending', items: [line(500)] });
    const ids = async (qs: string) => (await api.get(`/api/admin/orders?${qs}`, admin)).body.map((o: { id: string }) => o.id);
    expect(await ids('search=unique.buyer')).toEqual([id]);
    expect(await ids('search=filter_name')).toEqual([id]);
    expect(await ids(`search=${id.slice(0, 8)}`)).toEqual([id]);
    expect(await ids('search=filter%25name')).toEqual([]);
    expect(await ids('status=pending&search=filter.test')).toEqual([id]);
    expect(await ids('status=completed&search=filter.test')).toEqual([]);
  });

  it('refuses bad queries with 400 and a message', async () => {
    for (const qs of ['limit=0', 'limit=501', 'status=lost', 'cursor=!!', 'cursor=bm9wZQ', 'other=1']) {
      const res = await api.get(`/api/admin/orders?${qs}`, admin);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toEqual(expect.any(String));
    }
  });
});

describe('CSV export', () => {
  it('streams every matching order with the spec columns, a BOM, quoting and inert formulas', async () => {
    await createOrder(db.knex, {
      userId: null,
      email: null,
      name: '=HYPERLINK("http://x")',
      items: [line(1234, { title: 'Audit, "Advanced"\nDay 2' })],
      createdAt: '2028-01-01T00:00:00.000Z',
    });
    await createOrder(db.knex, { userId: null, email: 'csv@export.test', name: null, items: [line(100)], createdAt: '2028-01-02T00:00:00.000Z' });
    const res = await fetch(`${api.baseUrl}/api/admin/orders.csv`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders_export_\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\n')[0]).toBe('Order ID,Customer Email,Customer Name,Items,Total,Status,Date,Payment ID');
    expect(text).toContain(`Guest,"'=HYPERLINK(""http://x"")","Audit, ""Advanced""\nDay 2 x1",12.34,completed,2028-01-01T00:00:00.000Z,`);
    expect(text).toContain('csv@export.test,Customer,GMP Basics x1,1.00,completed,2028-01-02T00:00:00.000Z,');
    const total = (await api.get('/api/admin/stats', admin)).body.totalOrders as number;
    // One record per order (quoted newlines belong to their record).
    const records = text.trim().split(/\n(?=[0-9a-f]{8}-)/);
    expect(records.length - 1).toBe(total);

    const filtered = await (await fetch(`${api.baseUrl}/api/admin/orders.csv?search=csv@export.test`, { headers: admin })).text();
    expect(filtered.trim().split('\n')).toHaveLength(2);
    expect((await fetch(`${api.baseUrl}/api/admin/orders.csv?status=nope`, { headers: admin })).status).toBe(400);
  });
});
