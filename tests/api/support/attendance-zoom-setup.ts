/**
 * What the Zoom attendance tests share (issue 30, point 3): a live webinar made and given its
 * credit rule through the course API, bought by its buyers, its Zoom meeting created and everyone
 * registered; the outcome's report at the stand-in (X there 85 minutes over a leave and a rejoin,
 * 5 of 6 polls; Y 20 minutes, 1 poll); the fetch sweep; and running the fetch jobs until none is due.
 */
import { expect } from 'vitest';
import { attendanceFetchSweepJob } from '@api/jobs/sync-zoom-meetings';
import { createLogger } from '@api/logger';
import { buy, meetingRow, meetingRunner, person, runMeetingJobs, type MeetingsWorld } from './meetings-setup';

export const SESSION_START = '2026-11-28T15:00:00.000Z';
export const SESSION_MINUTES = 120;
/** The session's end, plus Zoom's margin: when the sweep first queues the fetch. */
export const AFTER_END = new Date(Date.parse(SESSION_START) + (SESSION_MINUTES + 11) * 60_000);
export const RULES = { types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }], increment: 0.5, minPollRatio: 0.75 };
export const Y_REASON = '20 min < 50 min; polls 17 % < 75 %';
export const FETCH_JOB = 'zoom-attendance-fetch';

const at = (minutes: number) => new Date(Date.parse(SESSION_START) + minutes * 60_000).toISOString();

export async function zoomWebinar(w: MeetingsWorld, admin: Record<string, string>, buyerNames = ['Buyer X', 'Buyer Y']) {
  const created = await w.api.request(
    'POST',
    '/api/courses',
    {
      title: 'Regulatory Ethics Live',
      shortDescription: 'Two hours of ethics for CPAs.',
      instructorName: 'Dr. Test',
      type: 'live_webinar',
      price: '100',
      startDate: SESSION_START,
      duration: SESSION_MINUTES,
      timezone: 'US/Eastern',
    },
    admin,
  );
  expect(created.status, created.text).toBe(201);
  const course = created.body as { id: string; version: number };
  const ruled = await w.api.request('PUT', `/api/courses/${course.id}`, { creditRules: RULES }, admin);
  expect(ruled.status, ruled.text).toBe(200);
  const buyers = [];
  for (const name of buyerNames) {
    const buyer = await person(w, 'customer', { name });
    await buy(w, course.id, buyer.headers);
    buyers.push(buyer);
  }
  const meeting = await w.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'zoom' }, admin);
  expect(meeting.status, meeting.text).toBe(200);
  await runMeetingJobs(w);
  const zoomId = (await meetingRow(w, course.id)).provider_meeting_id as string;
  expect(w.zoom.registrants(zoomId)).toHaveLength(buyers.length);
  // The test's clock moves past the session (a week ahead): the sessions made for it last until then.
  await w.db.knex('sessions').update({ expires_at: '2027-12-31T00:00:00.000Z' });
  return { course, buyers, zoomId };
}

/** The outcome at the stand-in: X joins, leaves and rejoins (85 minutes), answers 5 of 6 polls; Y stays 20 minutes, answers 1. */
export function outcomeReport(w: MeetingsWorld, zoomId: string, x: string, y: string) {
  const registrantOf = (email: string) => w.zoom.registrants(zoomId).find((r) => r.email.toLowerCase() === email.toLowerCase())!.id;
  w.zoom.addParticipants(zoomId, [
    { name: 'Buyer X', user_email: x, join_time: at(-3), leave_time: at(40), registrant_id: registrantOf(x) },
    { name: 'Buyer X', user_email: x, join_time: at(55), leave_time: at(100), registrant_id: registrantOf(x) },
    { name: 'Buyer Y', user_email: y, join_time: at(10), leave_time: at(30), registrant_id: registrantOf(y) },
  ]);
  w.zoom.addPollAnswers(zoomId, [
    ...[1, 2, 3, 4, 5].map((q) => ({ name: 'Buyer X', email: x, question: `Question ${q}?`, answer: 'Yes' })),
    { name: 'Buyer Y', email: y, question: 'Question 6?', answer: 'No' },
  ]);
}

export const sweepFetches = (w: MeetingsWorld) =>
  attendanceFetchSweepJob(w.api.app.services).run({ now: w.clock.now, signal: new AbortController().signal, logger: createLogger('silent') });

export const fetchJobs = (w: MeetingsWorld) => w.db.knex('queued_jobs').where('name', FETCH_JOB).orderBy('created_at');

const dueFetches = async (w: MeetingsWorld) =>
  Number(
    (
      await w.db
        .knex('queued_jobs')
        .where('name', FETCH_JOB)
        .whereIn('status', ['queued', 'running'])
        .where('run_at', '<=', w.clock.now.toISOString())
        .count('* as n')
    )[0]!.n,
  );

/** Runs the fetch jobs due at the test's clock until none is. */
export async function runFetches(w: MeetingsWorld, runner = meetingRunner(w)): Promise<void> {
  for (let round = 0; round < 20 && (await dueFetches(w)) > 0; round++) await runner.tick();
  expect(await dueFetches(w)).toBe(0);
}

export const participantCalls = (w: MeetingsWorld, zoomId: string) => w.zoom.requestsTo('GET', `/v2/report/meetings/${zoomId}/participants`);

/** The attendance rows as stored, without what a rewrite would change by itself. */
export const storedRows = (w: MeetingsWorld, courseId: string) => w.db.knex('attendance').where({ course_id: courseId }).orderBy('email');
