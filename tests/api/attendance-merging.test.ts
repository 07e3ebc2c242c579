/**
 * Issue 30, point 3: the pure rules (merging a report's rows, clipping to the session, matching by
 * registrant or e-mail, reading report times) and a provider's report recorded through the service
 * as the Zoom import does — rows outside the session noted, registrant ids matched through the
 * meetings domain's registrants, the same report twice changing nothing. SQLite and MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceService } from '@api/services/attendance/attendance-service';
import { clip, matchPeople, mergeIntervals, presenceOf, type ReportRow } from '@api/services/attendance/intervals';
import { parseReportTime } from '@api/services/attendance/report-times';
import { createCourse, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { SESSION_START } from './support/attendance-reports';

const at = (hhmm: string) => Date.parse(`2026-11-26T${hhmm}:00.000Z`);
const WINDOW = { start: at('15:00'), end: at('17:00') };

describe('merging and matching', () => {
  it('merges overlapping, touching and repeated intervals; drops empty ones', () => {
    expect(
      mergeIntervals([
        [5, 10],
        [1, 3],
        [3, 4],
        [8, 12],
        [5, 10],
        [20, 20],
      ]),
    ).toEqual([
      [1, 4],
      [5, 12],
    ]);
    expect(clip([at('14:58'), at('15:40')], WINDOW)).toEqual([at('15:00'), at('15:40')]);
    expect(clip([at('17:00'), at('17:30')], WINDOW)).toBeNull();
  });

  it('groups rows per person (e-mail in any case, a guest by name), clipped, and hands rows outside the window on', () => {
    const rows: ReportRow[] = [
      { line: 2, email: 'X@A.test', name: 'X', join: at('14:58'), leave: at('15:40') },
      { line: 3, email: 'x@a.test', name: 'X', join: at('15:35'), leave: at('16:25') },
      { line: 4, email: '', name: 'Guest Phone', join: at('15:00'), leave: at('15:30') },
      { line: 5, email: 'late@a.test', name: 'Late', join: at('17:05'), leave: at('17:30') },
    ];
    const outside: number[] = [];
    const people = presenceOf(rows, WINDOW, (row) => outside.push(row.line!));
    expect(outside).toEqual([5]);
    expect(people.map((p) => [p.key, p.seconds])).toEqual([
      ['name:guest phone', 30 * 60],
      ['x@a.test', 85 * 60],
    ]);
  });

  it('matches by registrant id when a map is given, else by e-mail; two report people of one account become one', () => {
    const people = presenceOf(
      [
        { email: 'home@a.test', name: 'X at home', join: at('15:00'), leave: at('15:30'), registrantId: 'r-1' },
        { email: 'x@a.test', name: 'X', join: at('15:20'), leave: at('16:00') },
        { email: 'who@a.test', name: 'Who', join: at('15:00'), leave: at('15:10') },
      ],
      WINDOW,
    );
    const attendees = [{ userId: 'u-x', email: 'X@a.test' }];
    const withMap = matchPeople(people, attendees, { registrants: new Map([['r-1', 'u-x']]) });
    expect(withMap.matched.map((m) => [m.userId, m.seconds])).toEqual([['u-x', 60 * 60]]);
    expect(withMap.unmatched.map((p) => p.email)).toEqual(['who@a.test']);
    const withoutMap = matchPeople(people, attendees);
    expect(withoutMap.unmatched.map((p) => p.email).sort()).toEqual(['home@a.test', 'who@a.test']);
  });

  it('reads Zoom, Teams and ISO times in the report’s zone (DST included) and refuses others', () => {
    expect(parseReportTime('11/26/2026 09:58:12 AM', 'America/New_York')).toBe(Date.parse('2026-11-26T14:58:12Z'));
    expect(parseReportTime('11/26/26, 12:05:00 PM', 'America/New_York')).toBe(Date.parse('2026-11-26T17:05:00Z'));
    expect(parseReportTime('07/01/2026 12:00:00 AM', 'America/New_York')).toBe(Date.parse('2026-07-01T04:00:00Z'));
    expect(parseReportTime('2026-11-26 10:00:00', 'Europe/Berlin')).toBe(Date.parse('2026-11-26T09:00:00Z'));
    expect(parseReportTime('2026-11-26T10:00:00+01:00', 'America/New_York')).toBe(Date.parse('2026-11-26T09:00:00Z'));
    for (const bad of ['02/30/2026 10:00:00 AM', '11/26/2026 13:00:00 PM', 'yesterday', '']) expect(parseReportTime(bad, 'UTC')).toBeNull();
  });
});

describe('a provider’s report recorded as the Zoom import does', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.destroy());

  it('matches registrants, notes rows outside the session, counts polls, and changes nothing the second time', async () => {
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: SESSION_START, duration: 120 });
    // Whole CPE credits per 50 minutes, no poll minimum (a course without a rule awards none).
    await db
      .knex('courses')
      .where({ id: course.id })
      .update({ credit_rules: JSON.stringify({ types: [{ kind: 'CPE' }], minutesPerCredit: 50, increment: 1, minPollRatio: 0 }) });
    const x = await createUser(db.knex, { role: 'customer' });
    const entitlementId = crypto.randomUUID();
    await grantEntitlement(db.knex, { id: entitlementId, userId: x.id, courseId: course.id });
    const meetingId = crypto.randomUUID();
    const stamp = '2026-11-20T00:00:00.000Z';
    await db.knex('meetings').insert({ id: meetingId, course_id: course.id, provider: 'zoom', status: 'ready', created_at: stamp, updated_at: stamp });
    await db.knex('meeting_registrants').insert({
      id: crypto.randomUUID(),
      meeting_id: meetingId,
      user_id: x.id,
      entitlement_id: entitlementId,
      email: x.email,
      status: 'registered',
      provider_registrant_id: 'zr-1',
      created_at: stamp,
      updated_at: stamp,
    });
    const service = new AttendanceService({ knex: db.knex, clock: () => new Date('2026-11-26T18:00:00.000Z') });
    const report = {
      courseId: course.id,
      source: 'zoom' as const,
      rows: [
        { email: 'x-personal@mail.test', name: 'X', join: at('14:58'), leave: at('15:40'), registrantId: 'zr-1' },
        { email: 'x-personal@mail.test', name: 'X', join: at('15:35'), leave: at('16:25'), registrantId: 'zr-1' },
        { email: 'host@academy.test', name: 'Host', join: at('13:00'), leave: at('13:10') },
      ],
      polls: [1, 2, 3, 4, 5].map((q) => ({ email: 'x-personal@mail.test', question: `Q${q}` })).concat([{ email: 'other@mail.test', question: 'Q6' }]),
    };
    const first = await service.recordReport(report);
    expect(first).toMatchObject({ matched: 1, unmatched: 0 });
    expect(first.notes).toEqual([expect.stringContaining('host@academy.test')]);
    const [row] = await service.list(course.id);
    expect(row).toMatchObject({ userId: x.id, minutes: 85, pollsAnswered: 5, pollsAsked: 6, credits: [{ kind: 'CPE', amount: 1 }] });
    const before = await db.knex('attendance').where({ course_id: course.id });
    expect((await service.recordReport(report)).changed).toBe(0);
    expect(await db.knex('attendance').where({ course_id: course.id })).toEqual(before);
  });
});
