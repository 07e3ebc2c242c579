/**
 * Attendance (issue 30, point 3): the staff import of a session's report (the CSV is the request
 * body, streamed, like a lesson's PDF; `?report=attendance|polls&timeZone=&mapping=`), the
 * attendee table (JSON or `?format=csv`), adjustments and matching (keyed writes) to one of the
 * course's attendees (listed for staff), and the attendee's own row.
 */
import { adjustSchema, importQuerySchema, matchSchema } from '@contracts/attendance';
import { AppError } from '../errors';
import type { AppContext, ApiRouter } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { AttendanceServices } from '../services/attendance';
import type { PlatformServices } from '../services/platform';
import { isUuid } from '../services/catalogue/catalogue-service';
import { actorOf, idParam } from './route-helpers';
import { changed } from './staff-write';

/** The report's bytes arrive as a stream (the JSON parser skips them). */
export const ATTENDANCE_IMPORT_PATH = /^\/api\/admin\/courses\/[^/]+\/attendance\/import$/;

function uuidParam(ctx: AppContext, name: string, what: string): string {
  const value = ctx.params[name];
  if (!value || !isUuid(value)) throw AppError.notFound(`${what} not found`);
  return value;
}

export function attendanceRoutes(api: ApiRouter, { attendance, idempotency }: AttendanceServices & Pick<PlatformServices, 'idempotency'>): void {
  api.post('/api/admin/courses/:id/attendance/import', 'course-management', async (ctx) => {
    try {
      const courseId = idParam(ctx, 'Course');
      const query = parseQuery(importQuerySchema, ctx.query);
      ctx.body = await attendance.importCsv(actorOf(ctx), courseId, ctx.get('Content-Type'), ctx.req, query);
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!ctx.req.readableEnded) ctx.set('Connection', 'close');
      throw error;
    }
  });

  api.get('/api/admin/courses/:id/attendance', 'course-management', async (ctx) => {
    const courseId = idParam(ctx, 'Course');
    ctx.set('Cache-Control', 'private, no-store');
    if (ctx.query.format === 'csv') {
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="attendance_${courseId}.csv"`);
      ctx.body = await attendance.csv(courseId);
      return;
    }
    if (ctx.query.format !== undefined && ctx.query.format !== 'json') throw AppError.badRequest('format must be json or csv');
    ctx.body = await attendance.list(courseId);
  });

  api.get('/api/me/courses/:id/attendance', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await attendance.mine(ctx.state.user!.id, idParam(ctx, 'Course'));
  });

  api.post(
    '/api/admin/courses/:id/attendance/:attendanceId/adjust',
    'course-management',
    keyedWrite(
      idempotency,
      (ctx, record) =>
        attendance.adjust(
          actorOf(ctx),
          idParam(ctx, 'Course'),
          uuidParam(ctx, 'attendanceId', 'Attendance'),
          parseBody(adjustSchema, requestBody(ctx)),
          record,
        ),
      changed,
    ),
  );

  api.get('/api/admin/courses/:id/attendance/unmatched', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await attendance.unmatched(idParam(ctx, 'Course'));
  });

  // Whom an unmatched row may be matched to: the course's attendees (a live entitlement), name and e-mail.
  api.get('/api/admin/courses/:id/attendance/attendees', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await attendance.attendees(idParam(ctx, 'Course'));
  });

  api.post(
    '/api/admin/courses/:id/attendance/unmatched/:unmatchedId/match',
    'course-management',
    keyedWrite(
      idempotency,
      (ctx, record) =>
        attendance.match(
          actorOf(ctx),
          idParam(ctx, 'Course'),
          uuidParam(ctx, 'unmatchedId', 'Unmatched row'),
          parseBody(matchSchema, requestBody(ctx)),
          record,
        ),
      changed,
    ),
  );
}
