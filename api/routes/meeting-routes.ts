/**
 * A live course's meeting (issue 30, point 1), for staff who manage courses: `PUT` chooses Zoom
 * or a link (a keyed staff write: its Idempotency-Key answered in its transaction), `GET` shows
 * the provider, the meeting's status, how many attendees are registered, pending, cancelled or
 * failed, and where fetching Zoom's attendance report stands; `POST …/attendance/fetch` (202) queues that fetch.
 */
import { meetingRequestSchema } from '@contracts/meetings';
import type { ApiRouter } from '../middleware/access';
import type { MeetingServices } from '../services/meetings';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, staffWrite } from './staff-write';

export function meetingRoutes(api: ApiRouter, { meetings, attendanceFetch, idempotency }: MeetingServices & Pick<PlatformServices, 'idempotency'>): void {
  api.put(
    '/api/courses/:id/meeting',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: meetingRequestSchema,
      run: ({ actor, id, body }, record) => meetings.setMeeting(actor, id, body, record),
      answer: changed,
    }),
  );
  api.get('/api/courses/:id/meeting', 'course-management', async (ctx) => {
    ctx.body = await meetings.view(idParam(ctx, 'Course'));
  });
  // "Import now": Zoom's attendance report fetched by a queued job (also during the session: the report so far).
  api.post('/api/admin/courses/:id/attendance/fetch', 'course-management', async (ctx) => {
    ctx.status = 202;
    ctx.body = await attendanceFetch.request(idParam(ctx, 'Course'));
  });
}
