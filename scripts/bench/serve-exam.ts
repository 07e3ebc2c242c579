/**
 * The real app serving the built PWA (`dist/`) over a fresh bench database (the demo catalogue) with
 * a recorded course made through the staff API by an admin: a module, a text lesson and a final exam
 * of `questions` single-choice questions (four options each, in order, no time limit), created with
 * its questions inline (`POST /api/courses/:id/assessments`). A customer entitled to the course (a
 * grant) has a session whose token the browser is given. Used by the exam-answer benchmark.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@api/app';
import { BENCH_AUTH_SECRET, benchPerson, createBenchDatabase } from './bench-database';

export interface ServedExam {
  /** `http://127.0.0.1:<port>` */
  base: string;
  courseId: string;
  assessmentId: string;
  title: string;
  /** The entitled customer's session token (localStorage `auth_token`). */
  token: string;
  close(): Promise<void>;
}

export async function serveExam(staticRoot: string, questions: number): Promise<ServedExam> {
  const db = await createBenchDatabase('demo');
  const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET, staticRoot });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const admin = await benchPerson(db.knex, 'admin', 'bench-exam-admin@academy.test');
  const customer = await benchPerson(db.knex, 'customer', 'bench-exam-learner@academy.test', 'Bench Learner');
  const call = async <T>(method: string, url: string, body: unknown, expected: number): Promise<T> => {
    const answer = await fetch(base + url, {
      method,
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (answer.status !== expected) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };

  const course = await call<{ id: string }>(
    'POST',
    '/api/courses',
    { type: 'recorded_course', title: 'GMP Final Exam', shortDescription: 'A course with a final exam', instructorName: 'Dr. Ada Lane', price: '49' },
    201,
  );
  const module = await call<{ id: string }>('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' }, 201);
  await call('POST', `/api/courses/${course.id}/lessons`, { title: 'Why GMP', kind: 'text', moduleId: module.id, body: '<p>Quality is built in.</p>' }, 201);
  const title = 'Final exam';
  const exam = await call<{ id: string }>(
    'POST',
    `/api/courses/${course.id}/assessments`,
    {
      title,
      kind: 'final',
      passMarkPercent: 70,
      shuffleQuestions: false,
      shuffleOptions: false,
      showAnswers: 'after_last_attempt',
      questions: Array.from({ length: questions }, (_, i) => ({
        text: `<p>Exam question ${i + 1}: which batch record entry is <strong>right</strong>?</p>`,
        kind: 'single',
        options: ['A', 'B', 'C', 'D'].map((letter, at) => ({ text: `Option ${letter} of question ${i + 1}`, correct: at === 0 })),
        explanation: `Because option A of question ${i + 1} is right.`,
      })),
    },
    201,
  );

  const now = new Date().toISOString();
  await db.knex('entitlements').insert({
    id: crypto.randomUUID(),
    user_id: customer.id,
    course_id: course.id,
    source: 'grant',
    source_id: crypto.randomUUID(),
    starts_at: now,
    created_at: now,
  });

  return {
    base,
    courseId: course.id,
    assessmentId: exam.id,
    title,
    token: customer.token,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}
