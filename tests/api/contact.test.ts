/** POST /api/contact: a customer's question is stored and reaches support by mail; bots and floods do not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../api/integrations/mail';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let now = new Date('2026-11-22T10:00:00.000Z');
const mails: MailMessage[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now, mailer: { send: async (m) => void mails.push(m) } });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const send = (body: Record<string, unknown>) => api.request('POST', '/api/contact', body);
const stored = async () => Number((await db.knex('contact_messages').count({ n: '*' }).first())!.n);

describe('POST /api/contact', () => {
  it('stores the message and mails it to support with the sender as Reply-To', async () => {
    const response = await send({
      name: 'Cora Contact',
      email: 'Cora@Example.com',
      phone: '+1 (905) 555-0100',
      message: 'Do you offer group rates for GMP training?',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Message Sent!' });
    const row = await db.knex('contact_messages').first();
    expect(row).toMatchObject({
      name: 'Cora Contact',
      email: 'cora@example.com',
      phone: '+1 (905) 555-0100',
      message: 'Do you offer group rates for GMP training?',
    });
    expect(row.mailed_at).toBeTruthy();
    const mail = mails.find((m) => m.to === 'support@lifescience-academy.example')!;
    expect(mail.replyTo).toBe('cora@example.com');
    expect(mail.text).toContain('Do you offer group rates for GMP training?');
    expect(mail.text).toContain('Cora Contact <cora@example.com>');
  });

  it('validates like the form and writes nothing on bad input', async () => {
    const before = await stored();
    expect((await send({ name: ' ', email: 'a@example.com', message: 'Hi' })).body).toEqual({ message: 'Name is required' });
    expect((await send({ name: 'Al', email: '', message: 'Hi' })).body).toEqual({ message: 'Email is required' });
    expect((await send({ name: 'Al', email: 'nope', message: 'Hi' })).body).toEqual({ message: 'Please enter a valid email address' });
    expect((await send({ name: 'Al', email: 'a@example.com', message: '' })).body).toEqual({ message: 'Message is required' });
    expect((await send({ name: 'Al', email: 'a@example.com', phone: 'call me', message: 'Hi' })).body).toEqual({
      message: 'Please enter a valid phone number',
    });
    expect((await send({ name: 'Al', email: 'a@example.com', message: 'x'.repeat(5001) })).status).toBe(400);
    expect((await send({ name: 'Al', email: 'a@example.com', message: 'Hi', extra: 1 })).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('answers a bot that filled the honeypot the same way, and keeps and sends nothing', async () => {
    const before = await stored();
    const mailsBefore = mails.length;
    const response = await send({ name: 'Spam Bot', email: 'bot@example.com', message: 'Cheap pills', website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Message Sent!' });
    expect(await stored()).toBe(before);
    expect(mails.length).toBe(mailsBefore);
  });

  it('limits messages per client', async () => {
    now = new Date(now.getTime() + 2 * 60 * 60_000);
    const statuses = [];
    for (let i = 0; i < 6; i++, now = new Date(now.getTime() + 1000))
      statuses.push((await send({ name: 'Flo Od', email: `flood${i}@example.com`, message: `Message ${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('lists messages newest first for admins only', async () => {
    const admin = await createUser(db.knex, { role: 'admin' });
    const list = await api.get('/api/admin/messages', { Authorization: `Bearer ${await createSession(db.knex, admin.id)}` });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ name: 'Flo Od', email: 'flood4@example.com' });
    expect(list.body.at(-1)).toMatchObject({ name: 'Cora Contact' });
    const customer = await createUser(db.knex, { role: 'customer' });
    expect((await api.get('/api/admin/messages', { Authorization: `Bearer ${await createSession(db.knex, customer.id)}` })).status).toBe(403);
  });
});
