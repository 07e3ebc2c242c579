/**
 * Issue 30, point 1: registration is exactly once per attendee across processes. Two real server
 * processes (jobs on, `run-server.ts`) share one database and the Zoom stand-in (ZOOM_* settings);
 * every entitled attendee's registration is queued once, and between them the two processes
 * register each person at Zoom exactly once, each with their own join link.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZoomClient } from '@api/integrations/zoom';
import { syncCourseAttendees } from '@api/services/meetings';
import { createCourse, createUser, grantEntitlement } from './support/factories';
import { startFakeZoom, type FakeZoom } from './support/fake-zoom';
import { ZOOM_CREDENTIALS } from './support/meetings-setup';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { until } from './support/test-jobs';

let db: TestDatabase;
let zoom: FakeZoom;
let dir: string;
const children = new Set<ChildProcess>();
const ATTENDEES = 16;

beforeAll(async () => {
  db = await createTestDatabase();
  zoom = await startFakeZoom(ZOOM_CREDENTIALS);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-meetings-'));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await zoom?.close();
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it(`two server processes register each attendee at Zoom exactly once (${testEngine()})`, async () => {
  const now = new Date();
  const nowIso = now.toISOString();
  const course = await createCourse(db.knex, { type: 'live_webinar', startDate: new Date(now.getTime() + 7 * 86_400_000).toISOString() });
  const people = [];
  for (let i = 0; i < ATTENDEES; i++) {
    const user = await createUser(db.knex, { name: `Attendee ${i}` });
    await grantEntitlement(db.knex, { userId: user.id, courseId: course.id, startsAt: new Date(now.getTime() - 60_000).toISOString(), createdAt: nowIso });
    people.push(user);
  }
  // The meeting exists at Zoom; its attendees' registrations are queued (twice: still one job each).
  const made = await new ZoomClient({ ...ZOOM_CREDENTIALS, apiUrl: zoom.apiUrl, oauthUrl: zoom.oauthUrl }).createMeeting({
    topic: course.title,
    type: 2,
    settings: { approval_type: 0, registration_type: 1 },
  });
  await db.knex('meetings').insert({
    id: crypto.randomUUID(),
    course_id: course.id,
    provider: 'zoom',
    status: 'ready',
    provider_meeting_id: String(made.id),
    revision: 1,
    synced_revision: 1,
    created_at: nowIso,
    updated_at: nowIso,
  });
  expect(await syncCourseAttendees(db.knex, course.id, now)).toEqual({ registered: ATTENDEES, cancelled: 0 });
  expect(await syncCourseAttendees(db.knex, course.id, now)).toEqual({ registered: 0, cancelled: 0 });

  const env = (name: string) => ({
    MAIL_OUTBOX_FILE: path.join(dir, `${name}-outbox.jsonl`),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    VAPID_FILE: path.join(dir, 'vapid.json'),
    ZOOM_ACCOUNT_ID: ZOOM_CREDENTIALS.accountId,
    ZOOM_CLIENT_ID: ZOOM_CREDENTIALS.clientId,
    ZOOM_CLIENT_SECRET: ZOOM_CREDENTIALS.clientSecret,
    ZOOM_API_URL: zoom.apiUrl,
    ZOOM_OAUTH_URL: zoom.oauthUrl,
  });
  // Both claim from the one queue as soon as they start.
  await Promise.all([startServerProcess(await freePort(), db.url, env('a'), children), startServerProcess(await freePort(), db.url, env('b'), children)]);
  const rows = () => db.knex('meeting_registrants').orderBy('email');
  await until(async () => (await rows()).every((r) => r.status === 'registered'), 'every attendee registered', 120_000);

  const posts = zoom.requestsTo('POST', `/v2/meetings/${made.id}/registrants`);
  expect(posts.filter((p) => p.status === 201)).toHaveLength(ATTENDEES);
  expect(new Set(posts.map((p) => p.body!.email)).size).toBe(ATTENDEES);
  const registered = await rows();
  expect(registered.map((r) => r.email)).toEqual(people.map((p) => p.email.toLowerCase()).sort());
  expect(new Set(registered.map((r) => r.join_url)).size).toBe(ATTENDEES);
  // The queue held one job per attendee, whoever ran it.
  expect(Number((await db.knex('queued_jobs').where({ name: 'zoom-registrant-sync' }).count('* as n'))[0]!.n)).toBe(ATTENDEES);
}, 240_000);
