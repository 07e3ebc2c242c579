/**
 * People, contact messages and the activity log in the back office (back-office spec §2, §5, §6,
 * §7; issue 12): the user list, customer and contributor writes with their rules (unique e-mail,
 * sessions revoked on a change of access, no self-demotion, the last active admin stays, deletion
 * keeps orders), the welcome e-mail, the contributors' figures, messages and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../api/integrations/mail';
import { createCourse, createOrder, createSession, createUser } from './support/factories';
import { bearer, signIn } from './support/session-client';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let smtp: SmtpCapture;
let adminId: string;
let adminEmail: string;
let admin: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  api = await startTestServer(db.knex, { mailer: createSmtpMailer(smtp.url, 'Academy <no-reply@academy.test>'), publicUrl: 'http://academy.test' });
  const user = await createUser(db.knex, { role: 'admin', name: 'Ada Admin' });
  adminId = user.id;
  adminEmail = user.email;
  admin = bearer(await createSession(db.knex, user.id));
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
  await db?.destroy();
});

const nextLink = (link: string | null) => /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1] ?? null;
const userCount = async () => Number((await db.knex('users').count({ n: '*' }).first())!.n);
const unique = () => Math.random().toString(36).slice(2, 8);

async function allPages(path: string, headers: Record<string, string>) {
  const seen: any[] = [];
  let url: string | null = path;
  while (url) {
    const res = await api.get(url, headers);
    expect(res.status).toBe(200);
    seen.push(...res.body);
    url = nextLink(res.headers.get('link'));
  }
  return seen;
}

describe('GET /api/users', () => {
  it('filters by role (one or a comma list) and by name or e-mail, and pages by Link cursor', async () => {
    const tag = unique();
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createUser(db.knex, { role: i % 2 ? 'contributor' : 'customer', name: `Pat ${tag} ${i}`, email: `pat${i}-${tag}@lab.test` }));
    const byName = await allPages(`/api/users?search=${tag}&limit=2`, admin);
    expect(byName.map((u) => u.id).sort()).toEqual(made.map((u) => u.id).sort());
    expect(new Set(byName.map((u) => u.id)).size).toBe(5);
    const customers = await allPages(`/api/users?role=customer&search=${tag}`, admin);
    expect(customers).toHaveLength(3);
    expect(customers.every((u) => u.role === 'customer')).toBe(true);
    const staff = await allPages(`/api/users?role=admin,contributor&search=PAT3-${tag.toUpperCase()}`, admin);
    expect(staff.map((u) => u.email)).toEqual([`pat3-${tag}@lab.test`]);
    // Permissions never chosen are the role's default (course and instructor management).
    expect(staff[0]).toMatchObject({
      name: `Pat ${tag} 3`,
      role: 'contributor',
      membershipType: null,
      isActive: true,
      permissions: ['course-management', 'instructor-management'],
      lastSignInAt: null,
    });
  });

  it('refuses a bad role, limit or cursor with 400', async () => {
    for (const query of ['role=owner', 'role=admin,', 'limit=0', 'limit=501', 'cursor=not%20a%20cursor', 'cursor=abc', 'colour=blue']) {
      const res = await api.get(`/api/users?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBeTruthy();
    }
  });
});

describe('customers', () => {
  it('creates with the spec defaults, edits and deletes, each in the activity log', async () => {
    const email = `cust-${unique()}@lab.test`;
    const created = await api.request('POST', '/api/admin/customers', { name: '  Cleo Customer ', email: email.toUpperCase() }, admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Cleo Customer', email, role: 'customer', membershipType: null, isActive: true });
    const id = created.body.id;

    const edited = await api.request(
      'PUT',
      `/api/admin/customers/${id}`,
      { name: 'Cleo C.', email, role: 'customer', membershipType: 'prime', isActive: true },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Cleo C.', membershipType: 'prime' });
    const none = await api.request(
      'PUT',
      `/api/admin/customers/${id}`,
      { name: 'Cleo C.', email, role: 'customer', membershipType: 'none', isActive: true },
      admin,
    );
    expect(none.body.membershipType).toBeNull();

    expect((await api.request('DELETE', `/api/admin/customers/${id}`, undefined, admin)).status).toBe(204);
    expect((await api.get(`/api/users?search=${email}`, admin)).body).toEqual([]);
    expect((await api.request('DELETE', `/api/admin/customers/${id}`, undefined, admin)).status).toBe(404);

    const log = (await api.get(`/api/admin/activity?entity=user&limit=200`, admin)).body.filter((e: any) => e.entityId === id);
    expect(log.map((e: any) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(log[0]).toMatchObject({ actorEmail: adminEmail, summary: 'Deleted customer “Cleo C.”' });
    expect(log[2].changes).toMatchObject({ name: ['Cleo Customer', 'Cleo C.'], membershipType: [null, 'prime'] });
  });

  it('answers the form’s messages for bad input and changes nothing', async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'C', email: 'c@lab.test' }, 'Name must be at least 2 characters'],
      [{ name: 'Cleo', email: 'not-an-email' }, 'Please enter a valid email'],
      [{ name: 'Cleo', email: 'c2@lab.test', role: 'admin' }, 'Role must be customer or contributor'],
      [{ name: 'Cleo', email: 'c2@lab.test', membershipType: 'gold' }, 'Membership must be prime, business or none'],
      [{ name: 'Cleo', email: 'c2@lab.test', isActive: 'yes' }, 'isActive must be true or false'],
      [{ name: 'Cleo', email: 'c2@lab.test', extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await api.request('POST', '/api/admin/customers', body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await api.request('POST', '/api/admin/customers', '{"name":', admin)).status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('keeps one account per e-mail, whatever its case (409), on create and on edit', async () => {
    const email = `taken-${unique()}@lab.test`;
    await createUser(db.knex, { email });
    const before = await userCount();
    const dup = await api.request('POST', '/api/admin/customers', { name: 'Dup Licate', email: email.toUpperCase() }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A user with this email already exists');
    const dupContributor = await api.request('POST', '/api/admin/contributors', { name: 'Dup Licate', email, role: 'contributor', permissions: [] }, admin);
    expect(dupContributor.status).toBe(409);
    expect(await userCount()).toBe(before);

    const other = await createUser(db.knex, { name: 'Otto Other' });
    const rename = await api.request(
      'PUT',
      `/api/admin/customers/${other.id}`,
      { name: 'Otto Other', email, role: 'customer', membershipType: null, isActive: true },
      admin,
    );
    expect(rename.status).toBe(409);
    expect((await db.knex('users').where({ id: other.id }).first()).email).toBe(other.email);
  });

  it('deactivation and a change of role take effect on the person’s very next request', async () => {
    const person = await createUser(db.knex, { role: 'customer' });
    const token = bearer(await createSession(db.knex, person.id));
    expect((await api.get('/api/profile', token)).status).toBe(200);
    const off = await api.request(
      'PUT',
      `/api/admin/customers/${person.id}`,
      { name: person.name, email: person.email, role: 'customer', membershipType: null, isActive: false },
      admin,
    );
    expect(off.status).toBe(200);
    expect((await api.get('/api/profile', token)).status).toBe(401);

    const writer = await createUser(db.knex, { role: 'contributor' });
    const writerToken = bearer(await createSession(db.knex, writer.id));
    expect((await api.get('/api/admin/course-code?prefix=LIVE', writerToken)).status).toBe(200);
    await api.request(
      'PUT',
      `/api/admin/customers/${writer.id}`,
      { name: writer.name, email: writer.email, role: 'customer', membershipType: null, isActive: true },
      admin,
    );
    expect((await api.get('/api/admin/course-code?prefix=LIVE', writerToken)).status).toBe(401);
  });

  it('deleting a buyer keeps their orders as bought; the e-mail signs up again as a new account without them', async () => {
    const email = `buyer-${unique()}@lab.test`;
    const buyer = await createUser(db.knex, { email, name: 'Bo Buyer' });
    const token = bearer(await createSession(db.knex, buyer.id));
    const course = await createCourse(db.knex, { title: 'Kept Course' });
    const orderId = await createOrder(db.knex, {
      userId: buyer.id,
      email,
      name: 'Bo Buyer',
      status: 'completed',
      paymentIntentId: 'pi_kept',
      items: [{ courseId: course.id, title: 'Kept Course', priceCents: 4900 }],
    });
    await db
      .knex('enrollments')
      .insert({ id: crypto.randomUUID(), user_id: buyer.id, course_id: course.id, order_id: orderId, enrolled_at: new Date().toISOString() });

    expect((await api.request('DELETE', `/api/admin/customers/${buyer.id}`, undefined, admin)).status).toBe(204);
    expect((await api.get('/api/profile', token)).status).toBe(401);
    const [order] = (await api.get(`/api/admin/orders?search=${orderId.slice(0, 8)}`, admin)).body;
    expect(order).toMatchObject({ id: orderId, customerEmail: email, customerName: 'Bo Buyer', total: '49.00', status: 'completed' });
    expect(await db.knex('enrollments').where({ user_id: buyer.id })).toEqual([]);

    const again = await signIn(api, smtp, email);
    const profile = await api.get('/api/profile', bearer(again.token));
    expect(profile.status).toBe(200);
    expect(profile.body.orders).toEqual([]);
  });
});

describe('contributors', () => {
  it('a new contributor gets the welcome e-mail and can sign in at once to the back office', async () => {
    const email = `writer-${unique()}@lab.test`;
    const created = await api.request(
      'POST',
      '/api/admin/contributors',
      { name: 'Wren Writer', email, role: 'contributor', permissions: ['order-management', 'course-management'] },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'contributor', permissions: ['course-management', 'order-management'], welcomeEmailSent: true });
    const welcome = await smtp.latestTo(email, 1);
    expect(welcome.raw).toContain('http://academy.test/admin/login');
    const session = await signIn(api, smtp, email, true);
    expect(session.role).toBe('contributor');
    expect((await api.get('/api/admin/course-code?prefix=SEM', bearer(session.token))).status).toBe(200);
    // Order Management opens the orders' figures; people stay the admins'.
    expect((await api.get('/api/admin/stats', bearer(session.token))).status).toBe(200);
    expect((await api.get('/api/users', bearer(session.token))).status).toBe(403);
    const [listed] = (await api.get(`/api/users?search=${email}`, admin)).body;
    expect(listed.permissions).toEqual(['course-management', 'order-management']);
    expect(listed.lastSignInAt).toBeTruthy();
  });

  it('says so when the welcome e-mail could not be sent (the account stays)', async () => {
    const failing = await startTestServer(db.knex, { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } });
    try {
      const email = `nomail-${unique()}@lab.test`;
      const res = await failing.request('POST', '/api/admin/contributors', { name: 'No Mail', email, role: 'admin', permissions: [] }, admin);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role: 'admin', welcomeEmailSent: false });
      expect(await db.knex('users').where({ email }).first()).toBeTruthy();
    } finally {
      await failing.close();
    }
  });

  it('validates with the form’s messages', async () => {
    const before = await userCount();
    for (const [body, message] of [
      [{ name: '', email: 'x@lab.test' }, 'Please fill in name and email.'],
      [{ name: 'Xena' }, 'Please fill in name and email.'],
      [{ name: 'Xena', email: 'nope' }, 'Please enter a valid email'],
      [{ name: 'Xena', email: 'x@lab.test', role: 'customer' }, 'Role must be contributor or admin'],
      [
        { name: 'Xena', email: 'x@lab.test', permissions: ['everything'] },
        'Permissions must be among course-management, instructor-management, order-management',
      ],
    ] as Array<[Record<string, unknown>, string]>) {
      const res = await api.request('POST', '/api/admin/contributors', body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('an admin cannot demote, deactivate or delete themselves', async () => {
    const self = await api.request(
      'PUT',
      `/api/admin/contributors/${adminId}`,
      { name: 'Ada Admin', email: adminEmail, role: 'contributor', permissions: [] },
      admin,
    );
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot change your own role.');
    // Administrators are not managed on the customers screen at all.
    const off = await api.request(
      'PUT',
      `/api/admin/customers/${adminId}`,
      { name: 'Ada Admin', email: adminEmail, role: 'contributor', membershipType: null, isActive: false },
      admin,
    );
    expect(off.status).toBe(404);
    expect((await api.request('DELETE', `/api/admin/customers/${adminId}`, undefined, admin)).status).toBe(404);
    const gone = await api.request('DELETE', `/api/admin/contributors/${adminId}`, undefined, admin);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('You cannot delete your own account.');
    expect(await db.knex('users').where({ id: adminId }).first()).toMatchObject({ role: 'admin' });
    expect((await api.get('/api/admin/stats', admin)).status).toBe(200);
    // Renaming oneself is fine.
    expect(
      (await api.request('PUT', `/api/admin/contributors/${adminId}`, { name: 'Ada A. Admin', email: adminEmail, role: 'admin', permissions: [] }, admin))
        .status,
    ).toBe(200);
  });

  it('each screen manages its own people: the contributors screen only back-office accounts, the customers screen no admins', async () => {
    const customer = await createUser(db.knex, { role: 'customer' });
    const promote = await api.request(
      'PUT',
      `/api/admin/contributors/${customer.id}`,
      { name: customer.name, email: customer.email, role: 'admin', permissions: [] },
      admin,
    );
    expect(promote.status).toBe(404);
    expect(promote.body.message).toBe('Contributor not found');
    expect((await api.request('DELETE', `/api/admin/contributors/${customer.id}`, undefined, admin)).status).toBe(404);
    expect((await db.knex('users').where({ id: customer.id }).first()).role).toBe('customer');
    const other = await createUser(db.knex, { role: 'admin' });
    const demote = await api.request(
      'PUT',
      `/api/admin/customers/${other.id}`,
      { name: other.name, email: other.email, role: 'customer', membershipType: null, isActive: true },
      admin,
    );
    expect(demote.status).toBe(404);
    expect(demote.body.message).toBe('Customer not found');
    expect((await db.knex('users').where({ id: other.id }).first()).role).toBe('admin');
  });

  it('a customer made a contributor is welcomed; a contributor made a customer loses their permissions', async () => {
    const email = `promoted-${unique()}@lab.test`;
    const person = await createUser(db.knex, { role: 'customer', email, name: 'Pro Moted' });
    const up = await api.request(
      'PUT',
      `/api/admin/customers/${person.id}`,
      { name: 'Pro Moted', email, role: 'contributor', membershipType: null, isActive: true },
      admin,
    );
    expect(up.status).toBe(200);
    expect((await smtp.latestTo(email, 1)).raw).toContain('http://academy.test/admin/login');
    await api.request(
      'PUT',
      `/api/admin/contributors/${person.id}`,
      { name: 'Pro Moted', email, role: 'contributor', permissions: ['course-management'] },
      admin,
    );
    const down = await api.request(
      'PUT',
      `/api/admin/customers/${person.id}`,
      { name: 'Pro Moted', email, role: 'customer', membershipType: null, isActive: true },
      admin,
    );
    expect(down.body).toMatchObject({ role: 'customer', permissions: [] });
  });

  it('a demoted admin’s existing token is refused admin routes at once', async () => {
    const other = await createUser(db.knex, { role: 'admin' });
    const token = bearer(await createSession(db.knex, other.id));
    expect((await api.get('/api/admin/stats', token)).status).toBe(200);
    const res = await api.request(
      'PUT',
      `/api/admin/contributors/${other.id}`,
      { name: other.name, email: other.email, role: 'contributor', permissions: ['course-management'] },
      admin,
    );
    expect(res.status).toBe(200);
    expect((await api.get('/api/admin/stats', token)).status).toBe(401);
  });

  it('two admins demoting each other at once leave one active admin', async () => {
    const fresh = await createTestDatabase();
    const server = await startTestServer(fresh.knex);
    try {
      const a = await createUser(fresh.knex, { role: 'admin', name: 'Alpha Admin' });
      const b = await createUser(fresh.knex, { role: 'admin', name: 'Beta Admin' });
      const ta = bearer(await createSession(fresh.knex, a.id));
      const tb = bearer(await createSession(fresh.knex, b.id));
      const results = await Promise.all([
        server.request('PUT', `/api/admin/contributors/${b.id}`, { name: b.name, email: b.email, role: 'contributor', permissions: [] }, ta),
        server.request('PUT', `/api/admin/contributors/${a.id}`, { name: a.name, email: a.email, role: 'contributor', permissions: [] }, tb),
      ]);
      expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
      const loser = results.find((r) => r.status !== 200)!;
      expect([401, 409]).toContain(loser.status);
      if (loser.status === 409) expect(loser.body.message).toBe('At least one active admin must remain.');
      expect(await fresh.knex('users').where({ role: 'admin', is_active: true })).toHaveLength(1);
    } finally {
      await server.close();
      await fresh.destroy();
    }
  });

  it('the figures are counted by the database', async () => {
    const fresh = await createTestDatabase();
    const server = await startTestServer(fresh.knex);
    try {
      const boss = await createUser(fresh.knex, { role: 'admin' });
      await createUser(fresh.knex, { role: 'admin' });
      const writers = [
        await createUser(fresh.knex, { role: 'contributor' }),
        await createUser(fresh.knex, { role: 'contributor' }),
        await createUser(fresh.knex, { role: 'contributor' }),
      ];
      await createUser(fresh.knex, { role: 'customer' });
      await fresh.knex('users').where({ id: writers[0]!.id }).update({ last_sign_in_at: new Date().toISOString() });
      await fresh.knex('users').where({ id: writers[1]!.id }).update({ last_sign_in_at: '2001-01-01T00:00:00.000Z' });
      const res = await server.get('/api/admin/contributor-stats', bearer(await createSession(fresh.knex, boss.id)));
      expect(res.body).toEqual({ totalContributors: 5, admins: 2, contributors: 3, activeThisMonth: 1 });
    } finally {
      await server.close();
      await fresh.destroy();
    }
  });
});

describe('contact messages', () => {
  it('lists what the contact form stored and marks it read, handled and open again', async () => {
    const name = `Mia ${unique()}`;
    expect((await api.request('POST', '/api/contact', { name, email: 'mia@example.com', message: 'Do you have group rates for our QA team?' })).status).toBe(
      201,
    );
    const open = (await api.get('/api/admin/messages?state=open', admin)).body;
    const message = open.find((m: any) => m.name === name);
    expect(message).toMatchObject({ email: 'mia@example.com', readAt: null, handledAt: null, message: 'Do you have group rates for our QA team?' });

    const handled = await api.request('PATCH', `/api/admin/messages/${message.id}`, { handled: true }, admin);
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ handledBy: adminEmail });
    expect(handled.body.readAt).toBeTruthy();
    expect((await api.get('/api/admin/messages?state=open', admin)).body.some((m: any) => m.id === message.id)).toBe(false);
    expect((await api.get('/api/admin/messages?state=handled', admin)).body.some((m: any) => m.id === message.id)).toBe(true);

    const reopened = await api.request('PATCH', `/api/admin/messages/${message.id}`, { handled: false }, admin);
    expect(reopened.body).toMatchObject({ handledAt: null, handledBy: null });
    expect(reopened.body.readAt).toBeTruthy();
    const log = (await api.get('/api/admin/activity?entity=contact_message', admin)).body.filter((e: any) => e.entityId === message.id);
    expect(log.map((e: any) => e.summary)).toEqual([`Reopened message from ${name}`, `Handled message from ${name}`]);
    expect(log[0]).toMatchObject({ actorEmail: adminEmail, action: 'update' });
    // Marking read what is already read changes nothing and logs nothing.
    await api.request('PATCH', `/api/admin/messages/${message.id}`, { read: true }, admin);
    expect((await api.get('/api/admin/activity?entity=contact_message', admin)).body.filter((e: any) => e.entityId === message.id)).toHaveLength(2);
  });

  it('refuses bad input with 400 and unknown messages with 404', async () => {
    const [message] = (await api.get('/api/admin/messages', admin)).body;
    for (const body of [{}, { handled: 'yes' }, { read: true, colour: 'red' }])
      expect((await api.request('PATCH', `/api/admin/messages/${message.id}`, body, admin)).status).toBe(400);
    expect((await api.request('PATCH', `/api/admin/messages/${crypto.randomUUID()}`, { read: true }, admin)).status).toBe(404);
    expect((await api.request('PATCH', '/api/admin/messages/not-an-id', { read: true }, admin)).status).toBe(404);
    expect((await api.get('/api/admin/messages?state=closed', admin)).status).toBe(400);
  });
});

describe('the activity log', () => {
  it('shows an admin everyone’s writes, filtered by entity and actor; a contributor only their own', async () => {
    const writer = await createUser(db.knex, { role: 'contributor' });
    const writerToken = bearer(await createSession(db.knex, writer.id));
    const instructor = await api.request('POST', '/api/instructors', { name: `Dr. Log ${unique()}` }, writerToken);
    expect(instructor.status).toBe(201);
    await api.request('POST', '/api/admin/customers', { name: 'Log Person', email: `log-${unique()}@lab.test` }, admin);

    const everyone = await allPages('/api/admin/activity?limit=3', admin);
    expect(everyone.some((e) => e.actorEmail === writer.email)).toBe(true);
    expect(everyone.some((e) => e.actorEmail === adminEmail)).toBe(true);
    expect(new Set(everyone.map((e) => e.id)).size).toBe(everyone.length);
    const sorted = [...everyone].sort((x, y) => (x.createdAt < y.createdAt ? 1 : x.createdAt > y.createdAt ? -1 : 0));
    expect(everyone.map((e) => e.createdAt)).toEqual(sorted.map((e) => e.createdAt));

    const byWriter = (await api.get(`/api/admin/activity?actor=${encodeURIComponent(writer.email.split('@')[0]!.toUpperCase())}`, admin)).body;
    expect(byWriter.map((e: any) => e.entity)).toEqual(['instructor']);
    const people = (await api.get('/api/admin/activity?entity=user', admin)).body;
    expect(people.every((e: any) => e.entity === 'user')).toBe(true);

    const own = (await api.get(`/api/admin/activity?actor=${encodeURIComponent(adminEmail)}`, writerToken)).body;
    expect(own.map((e: any) => e.actorEmail)).toEqual([writer.email]);
    expect((await api.get('/api/admin/activity?entity=planet', admin)).status).toBe(400);
  });
});
