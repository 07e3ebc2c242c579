/**
 * Issue 33, point 4: a manager reminds chosen members of their outstanding training — a push on
 * each of their devices (decrypted by a local push service) and an e-mail — at most once a day,
 * also when two requests race. Someone with nothing outstanding is not reminded; learners 403,
 * outsiders 404, bad lists 400 with nothing written. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderReport } from '@contracts/orgs';
import { createCourse } from './support/factories';
import { orgFixtures, type Person } from './support/org-fixtures';
import { startPushService, type PushServiceStandIn, type StandInBrowser } from './support/push-service';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let pushService: PushServiceStandIn;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };
let f: ReturnType<typeof orgFixtures>;
let manager: Person;
let orgId: string;
let ann: Person;
let annBrowser: StandInBrowser;
const member: Record<'ann' | 'bob' | 'cat', string> = { ann: '', bob: '', cat: '' };

beforeAll(async () => {
  db = await createTestDatabase();
  pushService = await startPushService(() => vapid.publicKey);
  api = await startTestServer(db.knex, { clock: () => clock.now, push: { vapid, testOrigins: [pushService.origin] } });
  f = orgFixtures(db, () => api, clock);
  ({ manager, orgId } = await f.managedOrg('Acme Reminders'));
  const gmp = (await createCourse(db.knex, { title: 'GMP Basics', type: 'recorded_course', priceCents: 10_000 })).id;
  await f.buySeats(manager, orgId, [{ courseId: gmp, quantity: 3, priceCents: 10_000 }]);
  ann = await f.person({ name: 'Ann Able', email: 'ann@remind.example' });
  const cat = await f.person({ name: 'Cat Done', email: 'cat@remind.example' });
  annBrowser = pushService.newBrowser();
  expect((await api.request('POST', '/api/push/subscriptions', annBrowser.subscription, ann.headers)).status).toBe(201);
  const seats = (await api.get(`/api/orgs/${orgId}/seats`, manager.headers)).body as Array<{ id: string }>;
  for (const [seat, email] of [
    [seats[0]!, ann.email],
    [seats[1]!, 'bob@remind.example'],
    [seats[2]!, cat.email],
  ] as const)
    expect((await api.request('POST', `/api/orgs/${orgId}/seats/${seat.id}/assign`, { email }, manager.headers)).status).toBe(200);
  expect((await api.request('PUT', `/api/orgs/${orgId}/seats/${seats[0]!.id}/due`, { dueAt: '2026-12-15T23:59:59.000Z' }, manager.headers)).status).toBe(204);
  await db
    .knex('course_completions')
    .insert({ user_id: cat.id, course_id: gmp, completed_at: '2026-11-20T09:00:00.000Z', left: '[]', checked_at: clock.now.toISOString() });
  const members = (await api.get(`/api/orgs/${orgId}/members`, manager.headers)).body as Array<{ id: string; email: string }>;
  for (const key of ['ann', 'bob', 'cat'] as const) member[key] = members.find((m) => m.email.startsWith(key))!.id;
  await f.runMail(); // the seat notices
});

afterAll(async () => {
  await api?.close();
  await pushService?.close();
  await db?.destroy();
});

const remind = (memberIds: unknown, who: Person = manager) => api.request('POST', `/api/orgs/${orgId}/reminders`, { memberIds }, who.headers);
const reminderMails = (sent: Array<{ to: string; subject: string; text: string }>) =>
  sent.filter((m) => m.subject.startsWith('Reminder: your training with Acme Reminders'));
const pushesToAnn = () => pushService.deliveries.filter((d) => d.browserId === annBrowser.id).map((d) => d.payload);

describe('reminders', () => {
  it('reminds those with training outstanding, by push and e-mail, and says per person what happened', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const answer = await remind([member.ann, member.bob, member.cat, unknown, member.ann]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body as ReminderReport).toEqual({
      reminded: 2,
      members: [
        { memberId: member.ann, status: 'reminded' },
        { memberId: member.bob, status: 'reminded' },
        { memberId: member.cat, status: 'nothing_due' },
        { memberId: unknown, status: 'not_found' },
      ],
    });
    const mails = reminderMails(await f.runMail());
    expect(mails.map((m) => m.to).sort()).toEqual(['ann@remind.example', 'bob@remind.example']);
    expect(mails.find((m) => m.to === 'ann@remind.example')!.text).toContain('- GMP Basics (due 15 Dec 2026)');
    expect(mails.find((m) => m.to === 'bob@remind.example')!.text).toContain('/login');
    expect(pushesToAnn()).toEqual([
      { title: 'Training reminder', body: 'Acme Reminders: "GMP Basics" is waiting for you.', url: '/learn', tag: `org-reminder-${member.ann}` },
    ]);
  });

  it('reminds each person at most once a day, however many ask at once', async () => {
    const again = await remind([member.ann, member.bob]);
    expect(again.body).toMatchObject({ reminded: 0, members: [{ status: 'already_today' }, { status: 'already_today' }] });
    expect(reminderMails(await f.runMail())).toEqual([]);
    clock.now = new Date('2026-11-27T08:00:00.000Z');
    const racing = await Promise.all([remind([member.ann, member.bob]), remind([member.bob, member.ann]), remind([member.ann])]);
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(racing.reduce((sum, r) => sum + (r.body as ReminderReport).reminded, 0)).toBe(2);
    expect(
      reminderMails(await f.runMail())
        .map((m) => m.to)
        .sort(),
    ).toEqual(['ann@remind.example', 'bob@remind.example']);
    expect(pushesToAnn()).toHaveLength(2);
  });

  it('only the organisation’s managers remind; a bad list is refused and writes nothing', async () => {
    clock.now = new Date('2026-11-28T08:00:00.000Z');
    // Ann signs in, so she is an active learner of the organisation.
    expect((await remind([member.bob], await f.signInByMail(ann.email))).status).toBe(403);
    const outsider = await f.managedOrg('Other Co');
    expect((await api.request('POST', `/api/orgs/${orgId}/reminders`, { memberIds: [member.bob] }, outsider.manager.headers)).status).toBe(404);
    for (const bad of [[], 'all', [42], Array.from({ length: 501 }, (_, i) => `m-${i}`)])
      expect((await remind(bad)).status, JSON.stringify(bad).slice(0, 40)).toBe(400);
    expect((await api.request('POST', `/api/orgs/${orgId}/reminders`, { memberIds: [member.bob], extra: 1 }, manager.headers)).status).toBe(400);
    expect(await db.knex('org_reminders').where('day', '2026-11-28')).toEqual([]);
  });
});
