/**
 * What the certificate suites share: a recorded course whose one 60-second video completes it (the
 * default rule), customers entitled to it, watching through the real progress route, and the
 * certificate jobs run by two runners side by side (as two worker processes would).
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { issueCertificatesJob } from '@api/jobs/issue-certificates';
import { JobRunner } from '@api/jobs/runner';
import { certificateMailJob } from '@api/jobs/send-certificate-mail';
import { createLogger } from '@api/logger';
import { createCourse, createSession, createUser, grantEntitlement } from './factories';
import type { TestDatabase } from './test-database';
import type { TestServer } from './test-server';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
export type Person = { id: string; headers: Record<string, string> };

export function certificateFixtures(db: TestDatabase, api: () => TestServer, clock: { now: Date }) {
  const lessonOf = new Map<string, string>();
  let keys = 0;
  let admin: Record<string, string> | undefined;

  const adminHeaders = async () => (admin ??= auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id)));
  const write = async (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    api().request(method, url, body, { ...(headers ?? (await adminHeaders())), 'Idempotency-Key': `certificates-${crypto.randomUUID()}-${++keys}` });

  /** A recorded course with one ready 60-second video: watching it completes the course. */
  async function videoCourse(overrides: Parameters<typeof createCourse>[1] = {}): Promise<string> {
    const course = await createCourse(db.knex, { type: 'recorded_course', ...overrides });
    const lesson = (await write('POST', `/api/courses/${course.id}/lessons`, { title: 'The video', kind: 'video' })).body;
    const assetId = crypto.randomUUID();
    const iso = clock.now.toISOString();
    await db.knex('video_assets').insert({ id: assetId, status: 'ready', progress: 100, duration_seconds: 60, created_at: iso, updated_at: iso });
    await db.knex('lessons').where({ id: lesson.id }).update({ video_asset_id: assetId });
    lessonOf.set(course.id, lesson.id);
    return course.id as string;
  }

  async function customer(name: string, courseId: string): Promise<Person> {
    const user = await createUser(db.knex, { name });
    await grantEntitlement(db.knex, { userId: user.id, courseId });
    return { id: user.id as string, headers: auth(await createSession(db.knex, user.id)) };
  }

  async function watch(person: Person, to: number, courseId: string) {
    const reported = await api().request('POST', `/api/lessons/${lessonOf.get(courseId)}/progress`, { position: to, ranges: [[0, to]] }, person.headers);
    expect(reported.status, reported.text).toBe(200);
  }

  /** Watches the whole video: half, then (a minute later: progress cannot run ahead of the clock) the rest, which completes the course. */
  async function watchAll(people: Person[], courseId: string) {
    await Promise.all(people.map((person) => watch(person, 30, courseId)));
    clock.now = new Date(clock.now.getTime() + 60_000);
    await Promise.all(people.map((person) => watch(person, 60, courseId)));
  }

  const pending = (names: string[]) => db.knex('queued_jobs').whereIn('name', names).whereIn('status', ['queued', 'running']);

  /** Runs the certificate jobs (issuing, and with `mail` the mails) on two runners at once until none is left. */
  async function runJobs(mail = false) {
    const services = api().app.services;
    const handlers = [issueCertificatesJob(services.certificates), ...(mail ? [certificateMailJob(services.certificates)] : [])];
    const names = handlers.map((h) => h.kind.name);
    const runner = () => new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => clock.now, queued: handlers });
    const [a, b] = [runner(), runner()];
    for (let round = 0; round < 50 && (await pending(names)).length > 0; round += 1) await Promise.all([a.tick(), b.tick()]);
    expect(await pending(names)).toEqual([]);
  }

  return { adminHeaders, write, videoCourse, customer, watchAll, runJobs };
}
