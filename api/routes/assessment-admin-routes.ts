/**
 * Assessments, staff side (issue 31): a course's question bank (JSON and CSV), its assessments
 * and the results table. Every write is keyed (Idempotency-Key answered in its transaction) and
 * audited; the bank's CSV arrives as the request body (`text/csv`, read here up to its limit, so
 * the key's request hash covers the file).
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  createAssessmentSchema,
  questionInputSchema,
  questionListQuerySchema,
  updateAssessmentSchema,
} from '@contracts/assessments';
import { AppError } from '../errors';
import type { AppContext, ApiRouter } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import { parseQuery } from '../middleware/validate';
import type { AssessmentServices } from '../services/assessments';
import type { PlatformServices } from '../services/platform';
import { actorOf, idParam } from './route-helpers';
import { changed, created, noContent, staffWrite } from './staff-write';

/** The bank CSV's bytes arrive as a stream (the JSON parser skips them). */
export const QUESTION_IMPORT_PATH = /^\/api\/courses\/[^/]+\/questions\/import$/;

const CSV_TYPES = /^(text\/(csv|plain)|application\/(vnd\.ms-excel|octet-stream))\s*(;|$)/i;

/** The request's body as UTF-8 text, refused beyond `maxBytes` (413) or when not UTF-8 (400). */
async function bodyText(req: IncomingMessage, maxBytes: number): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw new AppError('payload_too_large', ASSESSMENT_MESSAGES.csvTooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new AppError('payload_too_large', ASSESSMENT_MESSAGES.csvTooLarge);
    chunks.push(chunk as Buffer);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(Buffer.concat(chunks));
  } catch {
    throw AppError.badRequest('The CSV must be UTF-8 text.');
  }
}

function sendCsv(ctx: AppContext, name: string, csv: Readable): void {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.body = csv;
}

export function assessmentAdminRoutes(
  api: ApiRouter,
  { questionBank, assessmentAdmin, assessmentResults, idempotency }: AssessmentServices & Pick<PlatformServices, 'idempotency'>,
): void {
  // The question bank.
  api.get('/api/courses/:id/questions', 'course-management', async (ctx) => {
    const { assessmentId } = parseQuery(questionListQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await questionBank.list(idParam(ctx, 'Course'), assessmentId);
  });
  api.get('/api/courses/:id/questions.csv', 'course-management', async (ctx) => {
    const { assessmentId } = parseQuery(questionListQuerySchema, ctx.query);
    const courseId = idParam(ctx, 'Course');
    sendCsv(ctx, `questions_${courseId}.csv`, await questionBank.csv(courseId, assessmentId));
  });
  api.post(
    '/api/courses/:id/questions',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: questionInputSchema,
      run: ({ actor, id, body }, record) => questionBank.create(actor, id, body, record),
      answer: created,
    }),
  );
  api.put(
    '/api/questions/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Question',
      body: questionInputSchema,
      run: ({ actor, id, body }, record) => questionBank.update(actor, id, body, record),
      answer: changed,
    }),
  );
  api.delete(
    '/api/questions/:id',
    'course-management',
    staffWrite(idempotency, { id: 'Question', run: ({ actor, id }, record) => questionBank.delete(actor, id, record), answer: noContent }),
  );
  api.post('/api/courses/:id/questions/import', 'course-management', async (ctx) => {
    try {
      const courseId = idParam(ctx, 'Course');
      const { assessmentId } = parseQuery(questionListQuerySchema, ctx.query);
      if (!CSV_TYPES.test(ctx.get('Content-Type'))) throw new AppError('unsupported_media_type', ASSESSMENT_MESSAGES.notCsv);
      const csv = await bodyText(ctx.req, ASSESSMENT_LIMITS.csvMaxBytes);
      // The file is the request's body for its Idempotency-Key: the same key with another file is refused.
      (ctx.request as { body?: unknown }).body = csv;
      await keyedWrite(idempotency, (_ctx, record) => questionBank.importCsv(actorOf(ctx), courseId, csv, assessmentId, record), changed)(ctx);
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!ctx.req.readableEnded) ctx.set('Connection', 'close');
      throw error;
    }
  });

  // Assessments.
  api.get('/api/courses/:id/assessments', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await assessmentAdmin.list(idParam(ctx, 'Course'));
  });
  api.post(
    '/api/courses/:id/assessments',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: createAssessmentSchema,
      run: ({ actor, id, body }, record) => assessmentAdmin.create(actor, id, body, record),
      answer: created,
    }),
  );
  api.get('/api/assessments/:id', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await assessmentAdmin.get(idParam(ctx, 'Assessment'));
  });
  api.put(
    '/api/assessments/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Assessment',
      body: updateAssessmentSchema,
      run: ({ actor, id, body }, record) => assessmentAdmin.update(actor, id, body, record),
      answer: changed,
    }),
  );
  api.delete(
    '/api/assessments/:id',
    'course-management',
    staffWrite(idempotency, { id: 'Assessment', run: ({ actor, id }, record) => assessmentAdmin.delete(actor, id, record), answer: noContent }),
  );

  // Results.
  api.get('/api/courses/:id/assessment-results', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await assessmentResults.rows(idParam(ctx, 'Course'));
  });
  api.get('/api/courses/:id/assessment-results.csv', 'course-management', async (ctx) => {
    const courseId = idParam(ctx, 'Course');
    sendCsv(ctx, `assessment-results_${courseId}.csv`, await assessmentResults.csv(courseId));
  });
}
