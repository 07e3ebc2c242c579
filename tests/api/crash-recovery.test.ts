/**
 * Payments survive a crash: the real server process runs a checkout load, is killed with
 * SIGKILL at a random moment, and is started again on the same database. After the restart (its
 * recovery runs at start) no payment succeeded without a completed order, every completed order
 * has its enrollments, and the seats held equal the live holds. Three rounds, on SQLite and (with
 * TEST_MYSQL_URL) on MySQL.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { freePort, startServerProcess } from './support/server-process';

const CARD = { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Crash Buyer' };
const ROUNDS = 3;

let db: TestDatabase;
let dir: string;
let courses: Array<{ id: string; price_cents: number }>;
let buyers: Array<{ email: string }>;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-crash-'));
  courses = [];
  for (let i = 0; i < 4; i++) courses.push(await createCourse(db.knex, { priceCents: 1000 + i * 100, maxParticipants: 400 }));
  buyers = [];
  for (let i = 0; i < 12; i++) buyers.push(await createUser(db.knex, { role: 'customer' }));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function startProcess(port: number): Promise<ChildProcess> {
  return startServerProcess(
    port,
    db.url,
    { MAIL_OUTBOX_FILE: path.join(dir, 'outbox.jsonl'), CHECKOUT_LIMIT_PER_IP: '100000', CHECKOUT_LIMIT_PER_EMAIL: '100000' },
    children,
  );
}

/** Buyers check out and pay as fast as they can until the server dies under them. */
async function checkoutLoad(port: number, stop: { dead: boolean }): Promise<number> {
  let paid = 0;
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const worker = async (w: number) => {
    for (let i = 0; !stop.dead; i++) {
      const buyer = buyers[(w * 7 + i) % buyers.length]!;
      const course = courses[(w + i) % courses.length]!;
      const quantity = 1 + ((w + i) % 3);
      try {
        const intent = await post('/api/create-payment-intent', {
          courseIds: [course.id],
          amount: (course.price_cents * quantity) / 100,
          items: [{ courseId: course.id, quantity }],
          customerEmail: buyer.email,
          customerName: 'Crash Buyer',
        });
        if (intent.status !== 200) continue;
        const confirmed = await post('/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
        if (confirmed.status === 200) paid++;
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  return paid;
}

async function invariants() {
  const { knex } = db;
  const paidNotCompleted = await knex('test_payment_intents')
    .join('orders', 'orders.id', 'test_payment_intents.order_id')
    .where('test_payment_intents.status', 'succeeded')
    .whereNotIn('orders.status', ['completed', 'refund_required'])
    .select('orders.id', 'orders.status');
  const completedWithoutEnrollment = await knex('orders')
    .join('order_items', 'order_items.order_id', 'orders.id')
    .leftJoin('enrollments', (j) => j.on('enrollments.user_id', 'orders.user_id').andOn('enrollments.course_id', 'order_items.course_id'))
    .where('orders.status', 'completed')
    .whereNotNull('orders.user_id')
    .whereNull('enrollments.id')
    .select('orders.id');
  const seatMismatches = [];
  for (const course of courses) {
    const row = await knex('courses').where({ id: course.id }).first('seats_held', 'current_participants');
    const held = await knex('seat_holds').where({ course_id: course.id, status: 'held' }).sum({ n: 'seats' }).first();
    const converted = await knex('seat_holds').where({ course_id: course.id, status: 'converted' }).sum({ n: 'seats' }).first();
    if (Number(row.seats_held) !== Number(held?.n ?? 0) || Number(row.current_participants) !== Number(converted?.n ?? 0)) {
      seatMismatches.push({ course: course.id, ...row, held: held?.n, converted: converted?.n });
    }
  }
  return { paidNotCompleted, completedWithoutEnrollment, seatMismatches };
}

describe('a server killed mid-checkout', () => {
  it(`loses no payment over ${ROUNDS} SIGKILL rounds`, async () => {
    let port = await freePort();
    let server = await startProcess(port);
    let totalPaid = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const stop = { dead: false };
      const load = checkoutLoad(port, stop);
      await new Promise((resolve) => setTimeout(resolve, 400 + crypto.randomInt(1200)));
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
      stop.dead = true;
      totalPaid += await load;
      port = await freePort();
      server = await startProcess(port);
      expect(await invariants()).toEqual({ paidNotCompleted: [], completedWithoutEnrollment: [], seatMismatches: [] });
    }
    expect(totalPaid).toBeGreaterThan(0);
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }, 180_000);
});
