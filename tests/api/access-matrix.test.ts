/**
 * Every API route declares an access rule, and every rule holds for every role and for
 * contributors with each set of permissions: the test walks the real router, so a route added
 * without a rule, or with the wrong one, fails here.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type Permission } from '@contracts/access';
import type { AccessRule } from '../../api/middleware/access';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const users: Record<string, string> = {};

/** Who calls: each role, and contributors with no permission, each one, and none chosen (null: the role's default). */
const IDENTITIES: Record<string, { role: 'customer' | 'contributor' | 'admin'; permissions: Permission[] | null }> = {
  customer: { role: 'customer', permissions: null },
  admin: { role: 'admin', permissions: [] },
  contributor: { role: 'contributor', permissions: null },
  'contributor without permissions': { role: 'contributor', permissions: [] },
  'contributor with course-management': { role: 'contributor', permissions: ['course-management'] },
  'contributor with instructor-management': { role: 'contributor', permissions: ['instructor-management'] },
  'contributor with order-management': { role: 'contributor', permissions: ['order-management'] },
};

/** The access table of both specifications, route by route. */
const EXPECTED: Record<string, AccessRule> = {
  'GET /api/courses': 'public',
  'GET /api/courses/:id': 'public',
  'GET /api/courses/:id/pricing-tiers': 'public',
  'GET /api/instructors': 'public',
  'GET /api/sync/catalogue': 'public',
  // The contributor form's permissions (back-office spec §3): admins, and contributors who hold them.
  'POST /api/courses': 'course-management',
  'PUT /api/courses/:id': 'course-management',
  'DELETE /api/courses/:id': 'course-management',
  'POST /api/courses/:id/duplicate': 'course-management',
  'GET /api/admin/activity': 'staff',
  'GET /api/admin/course-code': 'course-management',
  'POST /api/instructors': 'instructor-management',
  'PUT /api/instructors/:id': 'instructor-management',
  'DELETE /api/instructors/:id': 'instructor-management',
  'POST /api/courses/:id/pricing-tier': 'course-management',
  'PUT /api/pricing-tiers/:id': 'course-management',
  'DELETE /api/pricing-tiers/:id': 'course-management',
  'POST /api/auth/login': 'public',
  'POST /api/auth/verify': 'public',
  'POST /api/auth/register': 'public',
  'GET /api/auth/me': 'signed_in',
  'POST /api/auth/logout': 'signed_in',
  'GET /api/profile': 'customer',
  'GET /api/config': 'public',
  'POST /api/cart/quote': 'public',
  'POST /api/create-payment-intent': 'public',
  'POST /api/create-subscription': 'public',
  'GET /api/test-payments/status': 'public',
  'POST /api/test-payments/confirm': 'public',
  'POST /api/test-payments/authenticate': 'public',
  'POST /api/stripe/webhook': 'public',
  'POST /api/contact': 'public',
  // Invoices and calendar files (issue 16): the service answers 404 to anyone but the buyer or an admin.
  'GET /api/orders/:id/invoice.pdf': 'signed_in',
  'GET /api/payments/:paymentIntentId/receipt.pdf': 'public',
  'GET /api/courses/:id/calendar.ics': 'signed_in',
  'GET /api/orders': 'order-management',
  'GET /api/admin/orders': 'order-management',
  'GET /api/admin/orders.csv': 'order-management',
  'GET /api/admin/stats': 'order-management',
  // Refunds (issue 29): admins alone; the credit note like the invoice (the service answers 404 to anyone but the buyer or order-management).
  'POST /api/admin/orders/:id/refund': 'admin',
  'GET /api/refunds/:id/credit-note.pdf': 'signed_in',
  'GET /api/users': 'admin',
  'GET /api/admin/contributor-stats': 'admin',
  'POST /api/admin/customers': 'admin',
  'PUT /api/admin/customers/:id': 'admin',
  'DELETE /api/admin/customers/:id': 'admin',
  'POST /api/admin/contributors': 'admin',
  'PUT /api/admin/contributors/:id': 'admin',
  'DELETE /api/admin/contributors/:id': 'admin',
  'GET /api/admin/messages': 'admin',
  'PATCH /api/admin/messages/:id': 'admin',
  'POST /api/objects/upload': 'staff',
  'PUT /api/objects/uploads/:id': 'public',
  'POST /api/objects/uploads/:id/complete': 'staff',
  'GET /objects/uploads/:file': 'public',
  'GET /api/push/public-key': 'public',
  'GET /api/push/subscriptions': 'signed_in',
  'POST /api/push/subscriptions': 'signed_in',
  'DELETE /api/push/subscriptions': 'signed_in',
  // The service worker renews a subscription without a session: the old one's auth secret proves it.
  'POST /api/push/subscriptions/renew': 'public',
  'GET /api/profile/reminders': 'signed_in',
  'PUT /api/profile/reminders': 'signed_in',
  // The learning side (issue 29): the syllabus is public; lessons for the entitled (the service answers 403 to others).
  'GET /api/courses/:id/lessons': 'public',
  'GET /api/lessons/:id': 'signed_in',
  'GET /api/lessons/:id/playback': 'signed_in',
  'GET /api/lessons/:id/document': 'signed_in',
  'GET /api/lessons/:id/transcript': 'signed_in',
  'POST /api/lessons/:id/progress': 'signed_in',
  'GET /api/me/library': 'signed_in',
  // Downloads (issue 34): the package and renewals for the signed in (the service answers 403 to the not entitled); the key is public.
  'POST /api/courses/:id/download': 'signed_in',
  'POST /api/me/offline-licences': 'signed_in',
  'GET /api/offline-licence-key': 'public',
  // Attempts (issue 31): signed in; the service answers 403 to the not entitled and to another person's attempt.
  'POST /api/assessments/:id/attempts': 'signed_in',
  // Offline exams (issue 34): a paper for the entitled, handed in by its owner.
  'POST /api/assessments/:id/offline-paper': 'signed_in',
  'POST /api/offline-papers/:id/submit': 'signed_in',
  'GET /api/attempts/:id': 'signed_in',
  'PUT /api/attempts/:id/answers': 'signed_in',
  'POST /api/attempts/:id/submit': 'signed_in',
  'POST /api/attempts/:id/check': 'signed_in',
  'GET /api/me/courses/:id/assessments': 'signed_in',
  'GET /media/lessons/:id/:credential/:file': 'public',
  'GET /media/lessons/:id/:credential/:dir/:file': 'public',
  'POST /api/courses/:id/modules': 'course-management',
  'PUT /api/modules/:id': 'course-management',
  'DELETE /api/modules/:id': 'course-management',
  'PUT /api/courses/:id/modules/order': 'course-management',
  'POST /api/courses/:id/lessons': 'course-management',
  'PUT /api/lessons/:id': 'course-management',
  'DELETE /api/lessons/:id': 'course-management',
  'PUT /api/courses/:id/lessons/order': 'course-management',
  'PUT /api/courses/:id/content-settings': 'course-management',
  'PUT /api/lessons/:id/document': 'course-management',
  'PUT /api/lessons/:id/captions/:lang': 'course-management',
  'DELETE /api/lessons/:id/captions/:lang': 'course-management',
  'POST /api/admin/entitlements': 'admin',
  'POST /api/admin/entitlements/:id/revoke': 'admin',
  'GET /api/admin/courses/:id/entitlements': 'admin',
  // Lesson videos: tus uploads, their state and Retry, for those who manage courses.
  'POST /api/uploads/video': 'course-management',
  'GET /api/uploads/video/:id': 'course-management',
  'PATCH /api/uploads/video/:id': 'course-management',
  'DELETE /api/uploads/video/:id': 'course-management',
  'GET /api/videos/:id': 'course-management',
  'POST /api/videos/:id/retry': 'course-management',
  // Meetings (issue 30): a live course's Zoom meeting or link, for those who manage courses.
  'PUT /api/courses/:id/meeting': 'course-management',
  'GET /api/courses/:id/meeting': 'course-management',
  'POST /api/admin/courses/:id/attendance/fetch': 'course-management',
  // Personal join links (issue 30): the link itself is the credential; the attendee's own view.
  'GET /join/:token': 'public',
  'GET /api/courses/:id/join': 'signed_in',
  // Attendance (issue 30): imports, the attendee table, adjustments and unmatched rows for those who manage courses; an attendee's own row.
  'POST /api/admin/courses/:id/attendance/import': 'course-management',
  'GET /api/admin/courses/:id/attendance': 'course-management',
  'GET /api/me/courses/:id/attendance': 'signed_in',
  'POST /api/admin/courses/:id/attendance/:attendanceId/adjust': 'course-management',
  'GET /api/admin/courses/:id/attendance/unmatched': 'course-management',
  'GET /api/admin/courses/:id/attendance/attendees': 'course-management',
  'POST /api/admin/courses/:id/attendance/unmatched/:unmatchedId/match': 'course-management',
  'GET /api/courses/:id/completion-rule': 'course-management',
  'PUT /api/courses/:id/completion-rule': 'course-management',
  // Issue 32: certificates.
  'GET /api/me/certificates': 'signed_in',
  'GET /api/verify/:number': 'public',
  'GET /api/courses/:id/certificate-settings': 'course-management',
  'PUT /api/courses/:id/certificate-settings': 'course-management',
  'GET /api/certificates/:id/pdf': 'signed_in',
  'GET /api/certificates/:id/credential.json': 'signed_in',
  'GET /.well-known/did.json': 'public',
  'GET /credentials/status/:list': 'public',
  'GET /api/me/credits': 'signed_in',
  'GET /api/me/credits/transcript.csv': 'signed_in',
  'GET /api/me/credits/transcript.pdf': 'signed_in',
  'POST /api/me/credits/self-reported': 'signed_in',
  'PUT /api/me/credits/self-reported/:id/pdf': 'signed_in',
  'GET /api/me/credits/self-reported/:id/pdf': 'signed_in',
  'DELETE /api/me/credits/self-reported/:id': 'signed_in',
  'GET /verify/:number': 'public',
  'GET /api/admin/certificates': 'admin',
  'POST /api/admin/certificates/:id/revoke': 'admin',
  'POST /api/admin/certificates/:id/reissue': 'admin',
  // Coupons (issue 35): the back office's screen; buyers only type codes (the cart quote and checkout).
  'GET /api/admin/coupons': 'admin',
  'POST /api/admin/coupons': 'admin',
  'GET /api/admin/coupons/:id': 'admin',
  'PATCH /api/admin/coupons/:id': 'admin',
  // Waitlists (issue 35): a signed-in person's own place; staff who manage courses see and reorder the list.
  'GET /api/courses/:id/waitlist': 'signed_in',
  'POST /api/courses/:id/waitlist': 'signed_in',
  'DELETE /api/courses/:id/waitlist': 'signed_in',
  'GET /api/admin/courses/:id/waitlist': 'course-management',
  'PUT /api/admin/courses/:id/waitlist': 'course-management',
  // Cancelling or transferring one's own seat (issue 35); each service checks the booking is the caller's (others 404).
  'GET /api/me/bookings': 'signed_in',
  'POST /api/me/enrollments/:id/cancel': 'signed_in',
  'POST /api/me/enrollments/:id/transfer': 'signed_in',
  'GET /api/admin/cancellation-policies': 'admin',
  'PUT /api/admin/cancellation-policies/:courseType': 'admin',
  'DELETE /api/admin/cancellation-policies/:courseType': 'admin',
  // Organisations (issue 33): any signed-in person; each service checks their place in the organisation (outsiders 404, learners 403).
  'POST /api/orgs': 'signed_in',
  'GET /api/admin/orgs': 'admin',
  'GET /api/orgs': 'signed_in',
  'GET /api/orgs/:id/members': 'signed_in',
  'POST /api/orgs/:id/invitations': 'signed_in',
  'POST /api/orgs/:id/members/:memberId/resend': 'signed_in',
  'DELETE /api/orgs/:id/members/:memberId': 'signed_in',
  'GET /api/orgs/:id/seats': 'signed_in',
  'POST /api/orgs/:id/seats/:seatId/assign': 'signed_in',
  'POST /api/orgs/:id/reminders': 'signed_in',
  'POST /api/admin/orgs': 'admin',
  'POST /api/admin/orgs/:id/seats/:seatId/move': 'admin',
  'POST /api/admin/orgs/:id/members/:memberId/move': 'admin',
  'GET /api/me/courses/:id/signature': 'signed_in',
  'GET /api/orgs/:id/members/:userId/record': 'signed_in',
  'GET /api/orgs/:id/members/:userId/record.:format': 'signed_in',
  'PUT /api/orgs/:id/seats/:seatId/due': 'signed_in',
  'GET /api/orgs/:id/dashboard': 'signed_in',
  'GET /api/courses/:id/acknowledgement': 'course-management',
  'PUT /api/courses/:id/acknowledgement': 'course-management',
  'POST /api/me/courses/:id/signature-code': 'signed_in',
  'POST /api/me/courses/:id/signature': 'signed_in',
  // Check-in (issue 30): a seminar seat's ticket for its holder; the scanner's list and its check-ins for those who manage courses.
  'GET /api/me/courses/:id/ticket': 'signed_in',
  'GET /api/admin/courses/:id/check-in-list': 'course-management',
  'POST /api/admin/courses/:id/check-ins': 'course-management',
  // Assessments, staff side (issue 31): the question bank and its CSV, assessments, the results table.
  'GET /api/courses/:id/questions': 'course-management',
  'GET /api/courses/:id/questions.csv': 'course-management',
  'POST /api/courses/:id/questions': 'course-management',
  'PUT /api/questions/:id': 'course-management',
  'DELETE /api/questions/:id': 'course-management',
  'POST /api/courses/:id/questions/import': 'course-management',
  'GET /api/courses/:id/assessments': 'course-management',
  'POST /api/courses/:id/assessments': 'course-management',
  'GET /api/assessments/:id': 'course-management',
  'PUT /api/assessments/:id': 'course-management',
  'DELETE /api/assessments/:id': 'course-management',
  'GET /api/courses/:id/assessment-results': 'course-management',
  'GET /api/courses/:id/assessment-results.csv': 'course-management',
};

/** Public routes whose requests carry their own authorisation (a signed, single-use address). */
const SIGNED = new Set(['PUT /api/objects/uploads/:id', 'GET /media/lessons/:id/:credential/:file', 'GET /media/lessons/:id/:credential/:dir/:file']);

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  for (const [name, { role, permissions }] of Object.entries(IDENTITIES)) {
    users[name] = (await createUser(db.knex, { role })).id;
    if (permissions)
      await db
        .knex('users')
        .where({ id: users[name] })
        .update({ permissions: JSON.stringify(permissions) });
  }
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('route access rules', () => {
  it('every route in the router is declared with a rule, and the rules match the specification', () => {
    const declared = new Map(api.app.apiRouter.declarations.map((d) => [`${d.method} ${d.path}`, d.access]));
    const inRouter = api.app.apiRouter.router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`));
    expect(inRouter.length).toBeGreaterThan(0);
    for (const route of inRouter) expect(declared.has(route), `${route} has no access rule`).toBe(true);
    expect(Object.fromEntries(declared)).toEqual(EXPECTED);
  });

  it('admits exactly the roles and permissions each rule allows (401 signed out, 403 wrong role or permission)', async () => {
    for (const { method, path, access } of api.app.apiRouter.declarations) {
      const url = path.replace(/:id/g, crypto.randomUUID());
      const anonymous = await api.request(method, url, method === 'GET' ? undefined : {});
      if (SIGNED.has(`${method} ${path}`)) {
        // Authorised by the address's signature, not by a role: without one, refused for everyone.
        expect(anonymous.status, `${method} ${path} unsigned`).toBe(403);
        continue;
      }
      if (access === 'public') expect([401, 403], `${method} ${path} anonymous`).not.toContain(anonymous.status);
      else expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);

      for (const [name, identity] of Object.entries(IDENTITIES)) {
        const token = await createSession(db.knex, users[name]!);
        const response = await api.request(method, url, method === 'GET' ? undefined : {}, { Authorization: `Bearer ${token}` });
        const allowed = access === 'public' || allows(access, identity);
        if (allowed) expect([401, 403], `${method} ${path} as ${name}`).not.toContain(response.status);
        else expect(response.status, `${method} ${path} as ${name}`).toBe(403);
        expect(response.body?.message ?? 'ok', `${method} ${path} as ${name} answers JSON`).toBeTruthy();
      }
    }
    // About 1,150 requests one after another (128 routes, signed out and as each of 8 identities): over
    // 20 s on a 2-core machine busy with other suites.
  }, 90_000);

  it('treats a deactivated account’s old session as refused', async () => {
    const user = await createUser(db.knex, { role: 'customer' });
    const token = await createSession(db.knex, user.id);
    await db.knex('users').where({ id: user.id }).update({ is_active: false });
    expect((await api.get('/api/profile', { Authorization: `Bearer ${token}` })).status).toBe(403);
  });
});
