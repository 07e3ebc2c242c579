/** Certificates (issue 32): the holder's list, the public check by number, a course's certificate settings (staff). */
import { certificateSettingsSchema } from '@contracts/certificates';
import { AppError } from '../errors';
import type { ApiRouter } from '../middleware/access';
import { verifyPage, verifyRefusalPage } from '../services/certificates/verify-page';
import type { CertificateServices } from '../services/certificates';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, staffWrite } from './staff-write';

export function certificateRoutes(api: ApiRouter, { certificates, idempotency }: CertificateServices & Pick<PlatformServices, 'idempotency'>): void {
  api.get('/api/me/certificates', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await certificates.mine(ctx.state.user!.id);
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
}
