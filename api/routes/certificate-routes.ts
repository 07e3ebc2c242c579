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
  { certificates, certificateAdmin, idempotency }: CertificateServices & Pick<PlatformServices, 'idempotency'>,
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

  // What the QR code opens: the same check as a page (a refusal is a page too, with its status).
  api.get('/verify/:number', 'public', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
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
