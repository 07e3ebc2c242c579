/**
 * Issue 33, point 1: a BUSINESS membership belongs to the organisation of the manager who holds it,
 * and its benefits apply to the members — every recorded webinar in their library (granted on
 * joining, later courses by the sweep), the plan's price for a group registration at checkout —
 * and stop for one who leaves, and for all when the membership ends. A member of an organisation
 * without one gets nothing. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartQuoteSchema } from '@contracts/checkout';
import { MEMBERSHIP_BENEFITS } from '@contracts/membership-benefits';
import { createCourse } from './support/factories';
import { orgFixtures, type Person } from './support/org-fixtures';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let f: ReturnType<typeof orgFixtures>;
let manager: Person;
let orgId: string;
let membershipOrderId: string;
const course = { webinar: '', seminar: '' };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Quinn Manager' };

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = orgFixtures(db, () => api, clock);
  ({ manager, orgId } = await f.managedOrg('Business Labs'));
  course.webinar = (await createCourse(db.knex, { title: 'Recorded webinar', type: 'recorded_webinar', priceCents: 5_000 })).id;
  course.seminar = (
    await createCourse(db.knex, { title: 'Audit seminar', type: 'live_seminar', priceCents: 40_000, startDate: '2027-02-01T09:00:00.000Z' })
  ).id;
  const intent = await api.request(
    'POST',
    '/api/create-subscription',
    { email: manager.email, name: 'Quinn Manager', priceId: 'price_business_yearly' },
    manager.headers,
  );
  expect(intent.status, intent.text).toBe(200);
  expect((await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD })).body.status).toBe('succeeded');
  membershipOrderId = intent.body.orderId;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const library = async (who: Person) =>
  ((await api.get('/api/me/library', who.headers)).body as Array<{ courseId: string; source: string }>).map((i) => i.courseId);
const groupQuote = async (who: Person) => {
  const answer = await api.request('POST', '/api/cart/quote', { lines: [{ courseId: course.seminar, quantity: 2 }] }, who.headers);
  expect(answer.status).toBe(200);
  return cartQuoteSchema.parse(answer.body);
};

describe('an organisation’s BUSINESS membership', () => {
  let member: Person;
  it('gives a member who joins the library and the plan’s group price; a person outside gets neither', async () => {
    const outsider = await f.person({ name: 'Out Sider' });
    member = await f.person({ name: 'Mo Member', email: 'mo@business.example' });
    expect((await api.request('POST', `/api/orgs/${orgId}/invitations`, { emails: [member.email] }, manager.headers)).status).toBe(200);
    expect(await library(member)).toEqual([]);
    member = await f.signInByMail(member.email); // accepting the invitation
    expect(await library(member)).toEqual([course.webinar]);
    expect((await groupQuote(member)).discounts).toEqual([expect.objectContaining({ label: MEMBERSHIP_BENEFITS.business.discounts[0]!.label, cents: 40_000 })]);
    expect(await library(outsider)).toEqual([]);
    expect((await groupQuote(outsider)).discounts).toEqual([]);
  });

  it('sells no seats of what the membership already gives every member (409), and seats of anything else', async () => {
    const buy = (courseId: string, cents: number) =>
      api.request(
        'POST',
        '/api/create-payment-intent',
        { courseIds: [courseId], amount: cents / 100, items: [{ courseId, quantity: 2 }], orgId },
        manager.headers,
      );
    const refused = await buy(course.webinar, 10_000);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      '“Recorded webinar” is included in your organisation’s BUSINESS membership: every member has it without a seat',
    ]);
    expect((await buy(course.seminar, 40_000)).status).toBe(200);
  });

  it('reaches members with courses added later (the sweep), once', async () => {
    const later = (await createCourse(db.knex, { title: 'A later webinar', type: 'recorded_webinar', priceCents: 5_000 })).id;
    const { grantOrgLibraries } = await import('@api/services/orgs/org-membership');
    const [first, second] = await Promise.all([grantOrgLibraries(db.knex, clock.now.toISOString()), grantOrgLibraries(db.knex, clock.now.toISOString())]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect((await library(member)).sort()).toEqual([course.webinar, later].sort());
    expect(await db.knex('entitlements').where({ user_id: member.id, course_id: later })).toHaveLength(1);
  });

  it('stops for a member who leaves, and for everyone when the membership ends', async () => {
    expect((await api.request('POST', `/api/orgs/${orgId}/invitations`, { emails: ['stays@business.example'] }, manager.headers)).status).toBe(200);
    const stayer = await f.signInByMail('stays@business.example');
    expect((await library(stayer)).length).toBeGreaterThan(0);
    const members = (await api.get(`/api/orgs/${orgId}/members`, manager.headers)).body as Array<{ id: string; email: string }>;
    expect(
      (await api.request('DELETE', `/api/orgs/${orgId}/members/${members.find((m) => m.email === member.email)!.id}`, undefined, manager.headers)).status,
    ).toBe(200);
    expect(await library(member)).toEqual([]);
    expect((await groupQuote(member)).discounts).toEqual([]);
    expect((await library(stayer)).length).toBeGreaterThan(0);
    await api.app.services.checkout.endMembership(membershipOrderId);
    expect(await library(stayer)).toEqual([]);
    expect(await library(manager)).toEqual([]);
    expect((await groupQuote(stayer)).discounts).toEqual([]);
  });
});
