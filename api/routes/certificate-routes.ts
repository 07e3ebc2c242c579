/** Certificates (issue 32): the holder's list, the public check by number, a course's certificate settings (staff). */
import { certificateSettingsSchema } from '@contracts/certificates';
import type { ApiRouter } from '../middleware/access';
import type { CertificateServices } from '../services/certificates';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, staffWrite } from './staff-write';

export function certificateRoutes(api: ApiRouter, { certificates, idempotency }: CertificateServices & Pick<PlatformServices, 'idempotency'>): void {
  api.get('/api/me/certificates', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await certificates.mine(ctx.state.user!.id);
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
