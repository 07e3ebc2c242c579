/**
 * The queued jobs' work: Zoom brought in line with our rows. Every write after a Zoom call is
 * conditional on what the job read (status, revision), so a job run twice (its runner died) or
 * racing a later change never undoes it:
 * - a meeting `creating` is created at Zoom (type 2, registration required and approved at once),
 *   then its attendees are registered; a run that finds the row already created deletes its own copy;
 * - a meeting `ready` whose revision moved (a new date or title) is PATCHed;
 * - a meeting `deleting` is deleted at Zoom (already gone counts), its registrants cancelled;
 * - a registrant `pending` is registered once (Zoom answers the same registrant for the same
 *   e-mail), its personal join link kept; `cancelled` is cancelled at Zoom.
 */
import type { Knex } from 'knex';
import { Meeting, MeetingRegistrant, User } from '@db/models';
import type { ZoomClient, ZoomMeetingRequest } from '../../integrations/zoom';
import type { Clock } from '../../lib/clock';
import { syncCourseAttendees } from './attendees';
import { MEETING_MAX_ATTEMPTS, REGISTRANT_MAX_ATTEMPTS } from './meeting-jobs';

export interface SyncAttempt {
  attempt: number;
  signal?: AbortSignal;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Our mark in a Zoom meeting's agenda: a retried creation finds the meeting an earlier attempt made. */
const marker = (meetingId: string) => `[ref ${meetingId}]`;

/** What Zoom should show for the meeting row. */
export function zoomMeetingBody(meeting: Pick<Meeting, 'id' | 'topic' | 'startTime' | 'duration' | 'timezone'>): ZoomMeetingRequest {
  return {
    agenda: `Live session ${marker(meeting.id)}`,
    topic: meeting.topic ?? 'Live session',
    type: 2,
    start_time: meeting.startTime ? meeting.startTime.replace(/\.\d{3}Z$/, 'Z') : undefined,
    duration: meeting.duration ?? 60,
    timezone: meeting.timezone ?? 'UTC',
  };
}

export class ZoomSync {
  constructor(private readonly o: { knex: Knex; clock: Clock; zoom: ZoomClient | null }) {}

  private client(): ZoomClient {
    if (!this.o.zoom) throw new Error('Zoom is not configured (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET)');
    return this.o.zoom;
  }

  async syncMeeting(payload: { meetingId: string; revision: number; orphanZoomMeetingId?: string }, run: SyncAttempt): Promise<void> {
    const { knex, clock } = this.o;
    if (payload.orphanZoomMeetingId) return void (await this.client().deleteMeeting(payload.orphanZoomMeetingId, run.signal));
    const meeting = await Meeting.query(knex).findById(payload.meetingId);
    if (!meeting || meeting.provider !== 'zoom' || meeting.syncedRevision >= payload.revision) return;
    const stamp = () => clock().toISOString();
    try {
      if (meeting.status === 'creating') {
        // A retry first looks for the meeting an earlier attempt made (its answer lost to a timeout or a 5xx).
        const created =
          (run.attempt > 1 ? await this.client().findMeeting(marker(meeting.id), run.signal) : null) ??
          (await this.client().createMeeting({ ...zoomMeetingBody(meeting), settings: { approval_type: 0, registration_type: 1 } }, run.signal));
        const won = await Meeting.query(knex)
          .findById(meeting.id)
          .where('status', 'creating')
          .whereNull('provider_meeting_id')
          .patch({
            status: 'ready',
            providerMeetingId: String(created.id),
            providerUuid: created.uuid ?? null,
            joinUrl: created.join_url ?? null,
            syncedRevision: meeting.revision,
            lastError: null,
            updatedAt: stamp(),
          });
        // Another run made it first, or the course was called off meanwhile: this copy goes.
        if (won !== 1) return void (await this.client().deleteMeeting(String(created.id), run.signal));
        await syncCourseAttendees(knex, meeting.courseId, clock());
      } else if (meeting.status === 'ready' && meeting.providerMeetingId) {
        await this.client().updateMeeting(meeting.providerMeetingId, zoomMeetingBody(meeting), run.signal);
        await Meeting.query(knex)
          .findById(meeting.id)
          .where('synced_revision', '<', meeting.revision)
          .patch({ syncedRevision: meeting.revision, lastError: null, updatedAt: stamp() });
      } else if (meeting.status === 'deleting') {
        if (meeting.providerMeetingId) await this.client().deleteMeeting(meeting.providerMeetingId, run.signal);
        await knex.transaction(async (trx) => {
          const done = await Meeting.query(trx)
            .findById(meeting.id)
            .where('status', 'deleting')
            .patch({ status: 'deleted', syncedRevision: meeting.revision, lastError: null, updatedAt: stamp() });
          // The meeting is gone at Zoom, and with it every registration.
          if (done === 1)
            await MeetingRegistrant.query(trx)
              .where('meeting_id', meeting.id)
              .whereIn('status', ['pending', 'registered'])
              .patch({
                status: 'cancelled',
                cancelledAt: stamp(),
                providerCancelledAt: stamp(),
                revision: knex.raw('revision + 1') as unknown as number,
                updatedAt: stamp(),
              });
        });
      }
    } catch (error) {
      const gaveUp = meeting.status === 'creating' && run.attempt >= MEETING_MAX_ATTEMPTS;
      await Meeting.query(knex)
        .findById(meeting.id)
        .where('revision', meeting.revision)
        .patch({ lastError: errorText(error), ...(gaveUp ? { status: 'failed' as const } : {}), updatedAt: stamp() });
      throw error;
    }
  }

  async syncRegistrant(payload: { registrantId: string; revision: number }, run: SyncAttempt): Promise<void> {
    const { knex, clock } = this.o;
    const registrant = await MeetingRegistrant.query(knex).findById(payload.registrantId);
    if (!registrant || registrant.revision !== payload.revision) return; // a later change has its own job
    const meeting = await Meeting.query(knex).findById(registrant.meetingId);
    if (!meeting || meeting.provider !== 'zoom' || meeting.status === 'deleted' || meeting.status === 'deleting') return;
    const current = () => MeetingRegistrant.query(knex).findById(registrant.id).where('revision', registrant.revision);
    const stamp = () => clock().toISOString();
    if (registrant.status === 'cancelled' && !registrant.providerCancelledAt) {
      if (meeting.providerMeetingId)
        await this.client().setRegistrantStatus(
          meeting.providerMeetingId,
          'cancel',
          [{ ...(registrant.providerRegistrantId ? { id: registrant.providerRegistrantId } : {}), email: registrant.email }],
          run.signal,
        );
      await current().whereNull('provider_cancelled_at').patch({ providerCancelledAt: stamp(), updatedAt: stamp() });
      return;
    }
    if (registrant.status !== 'pending') return;
    if (meeting.status !== 'ready' || !meeting.providerMeetingId) throw new Error('The Zoom meeting is not created yet');
    await current()
      .where('status', 'pending')
      .patch({ attempts: knex.raw('attempts + 1') as unknown as number, updatedAt: stamp() });
    const person = await User.query(knex).findById(registrant.userId).select('name', 'email');
    const [firstName, ...rest] = (person?.name ?? '').trim().split(/\s+/);
    try {
      const zoom = this.client();
      const made = await zoom.addRegistrant(
        meeting.providerMeetingId,
        { email: registrant.email, firstName: firstName ?? '', lastName: rest.join(' ') },
        run.signal,
      );
      // Registered again after a cancellation: Zoom keeps the person's registrant, cancelled until approved.
      if (registrant.revision > 1)
        await zoom.setRegistrantStatus(meeting.providerMeetingId, 'approve', [{ id: made.registrantId, email: registrant.email }], run.signal);
      const kept = await current().where('status', 'pending').patch({
        status: 'registered',
        providerRegistrantId: made.registrantId,
        joinUrl: made.joinUrl,
        registeredAt: stamp(),
        lastError: null,
        updatedAt: stamp(),
      });
      if (kept === 1) return;
      // Cancelled while Zoom registered them: their registration is cancelled at Zoom too.
      const now = await MeetingRegistrant.query(knex).findById(registrant.id);
      if (now?.status === 'cancelled') {
        await zoom.setRegistrantStatus(meeting.providerMeetingId, 'cancel', [{ id: made.registrantId, email: registrant.email }], run.signal);
        await MeetingRegistrant.query(knex)
          .findById(registrant.id)
          .where('revision', now.revision)
          .patch({ providerRegistrantId: made.registrantId, providerCancelledAt: stamp(), updatedAt: stamp() });
      }
    } catch (error) {
      const gaveUp = run.attempt >= REGISTRANT_MAX_ATTEMPTS;
      await current()
        .where('status', 'pending')
        .patch({ lastError: errorText(error), ...(gaveUp ? { status: 'failed' as const } : {}), updatedAt: stamp() });
      throw error;
    }
  }
}
