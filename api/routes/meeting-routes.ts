/**
 * A live course's meeting (issue 30, point 1), for staff who manage courses: `PUT` chooses Zoom
 * or a link (a keyed staff write: its Idempotency-Key answered in its transaction), `GET` shows
 * the provider, the meeting's status and how many attendees are registered, pending, cancelled or failed.
 */
import { meetingRequestSchema } from '@contracts/meetings';
import type { ApiRouter } from '../middleware/access';
import type { MeetingServices } from '../services/meetings';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, staffWrite } from './staff-write';

export function meetingRoutes(api: ApiRouter, { meetings, idempotency }: MeetingServices & Pick<PlatformServices, 'idempotency'>): void {
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
}
