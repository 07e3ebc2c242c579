/** My credits (issue 32, point 7): the holder's wallet, their self-reported certificates and PDFs, the transcript. */
import { selfReportedSchema, walletQuerySchema } from '@contracts/credits-wallet';
import type { ApiRouter } from '../middleware/access';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { CertificateServices } from '../services/certificates';
import { idParam } from './route-helpers';

/** The PDF upload's body is left to its route (streamed, limited, checked by its bytes). */
export const SELF_REPORTED_PDF_PATH = /^\/api\/me\/credits\/self-reported\/[^/]+\/pdf$/;

export function creditsRoutes(api: ApiRouter, { creditsWallet }: CertificateServices): void {
  api.get('/api/me/credits', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await creditsWallet.wallet(ctx.state.user!.id, parseQuery(walletQuerySchema, ctx.query));
  });

  for (const kind of ['csv', 'pdf'] as const)
    api.get(`/api/me/credits/transcript.${kind}`, 'signed_in', async (ctx) => {
      const file = await creditsWallet.transcript(ctx.state.user!, parseQuery(walletQuerySchema, ctx.query), kind);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
      ctx.type = file.type;
      ctx.body = file.body;
    });

  api.post('/api/me/credits/self-reported', 'signed_in', async (ctx) => {
    ctx.status = 201;
    ctx.body = await creditsWallet.addSelfReported(ctx.state.user!.id, parseBody(selfReportedSchema, requestBody(ctx)));
  });

  api.put('/api/me/credits/self-reported/:id/pdf', 'signed_in', async (ctx) => {
    ctx.body = await creditsWallet.attachPdf(ctx.state.user!.id, idParam(ctx, 'Certificate'), ctx.get('Content-Type'), ctx.req);
  });

  api.get('/api/me/credits/self-reported/:id/pdf', 'signed_in', async (ctx) => {
    const file = await creditsWallet.pdf(ctx.state.user!.id, idParam(ctx, 'Certificate'));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', 'attachment; filename="certificate.pdf"');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'application/pdf';
    ctx.length = file.size;
    ctx.body = file.body;
  });

  api.delete('/api/me/credits/self-reported/:id', 'signed_in', async (ctx) => {
    await creditsWallet.removeSelfReported(ctx.state.user!.id, idParam(ctx, 'Certificate'));
    ctx.status = 204;
  });
}
