/** Certificates (issue 32): the holder's list, the public check by number, a course's certificate settings (staff). */
import { adminCertificatesQuerySchema, certificateSettingsSchema, revokeCertificateSchema } from '@contracts/certificates';
import { AppError } from '../errors';
import type { ApiRouter } from '../middleware/access';
import { parseQuery } from '../middleware/validate';
import { verifyPage, verifyRefusalPage } from '../services/certificates/verify-page';
import type { CertificateServices } from '../services/certificates';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, created, staffWrite } from './staff-write';

export function certificateRoutes(
  api: ApiRouter,
  { certificates, certificateAdmin, credentials, idempotency }: CertificateServices & Pick<PlatformServices, 'idempotency'>,
): void {
  api.get('/api/me/certificates', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await certificates.mine(ctx.state.user!.id);
  });

  api.get('/api/certificates/:id/pdf', 'signed_in', async (ctx) => {
    const file = await certificates.pdf(ctx.state.user!, idParam(ctx, 'Certificate'));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.type = 'application/pdf';
    ctx.body = file.content;
  });

  // The signed Open Badges 3.0 credential (holder or admin), the issuer's DID and the revocation lists.
  api.get('/api/certificates/:id/credential.json', 'signed_in', async (ctx) => {
    const { filename, document } = await credentials.credential(ctx.state.user!, idParam(ctx, 'Certificate'));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.type = 'application/json';
    ctx.body = document;
  });
  api.get('/.well-known/did.json', 'public', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'application/did+json';
    ctx.body = await credentials.didDocument();
  });
  api.get('/credentials/status/:list', 'public', async (ctx) => {
    const list = /^[1-9]\d{0,8}$/.test(String(ctx.params.list)) ? Number(ctx.params.list) : 0;
    const document = await credentials.statusList(list);
    // Verifiers may keep it a minute: a revocation shows within that.
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = document;
    ctx.set('Content-Type', 'application/vc'); // after the body, which would make it application/json
  });

  // What the QR code opens: the same check as a page (a refusal is a page too, with its status).
  api.get('/verify/:number', 'public', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // 2.5 KB: compressing it (a zlib stream on the thread pool per answer) cost more under load
    // than the 1.5 KB it saves (npm run bench:verify, README).
    ctx.compress = false;
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.type = 'text/html; charset=utf-8';
    try {
      ctx.body = verifyPage(await certificates.verify(String(ctx.params.number ?? ''), ctx.state.clientKey));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ctx.status = error.status;
      const retry = error.details?.retryAfterSeconds;
      if (typeof retry === 'number') ctx.set('Retry-After', String(retry));
      ctx.body = verifyRefusalPage(error.status === 404 ? 'Certificate not found' : 'Please wait', error.message);
    }
  });

  api.get('/api/verify/:number', 'public', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.body = await certificates.verify(String(ctx.params.number ?? ''), ctx.state.clientKey);
  });

  api.get('/api/courses/:id/certificate-settings', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await certificates.settings(idParam(ctx, 'Course'));
  });
  api.put(
    '/api/courses/:id/certificate-settings',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: certificateSettingsSchema,
      run: ({ actor, id, body }, record) => certificates.setSettings(actor, id, body, record),
      answer: changed,
    }),
  );

  // The back office (admins): the list, revocation and reissue.
  api.get('/api/admin/certificates', 'admin', async (ctx) => {
    const { search, limit } = parseQuery(adminCertificatesQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await certificateAdmin.list(search, limit);
  });
  api.post(
    '/api/admin/certificates/:id/revoke',
    'admin',
    staffWrite(idempotency, {
      id: 'Certificate',
      body: revokeCertificateSchema,
      run: ({ actor, id, body }, record) => certificateAdmin.revoke(actor, id, body, record),
      answer: changed,
    }),
  );
  api.post(
    '/api/admin/certificates/:id/reissue',
    'admin',
    staffWrite(idempotency, { id: 'Certificate', run: ({ actor, id }, record) => certificateAdmin.reissue(actor, id, record), answer: created }),
  );
}
