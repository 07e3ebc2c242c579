/**
 * A live course's meeting (issue 30, point 1): staff choose Zoom (the server creates the meeting
 * and registers every attendee for a personal join link) or one link (Teams, Meet, Webex). Pure
 * facts both sides read: the request, the answer, the messages.
 */
import { z } from 'zod';

export const MEETING_PROVIDERS = ['zoom', 'link'] as const;
export type MeetingProviderName = (typeof MEETING_PROVIDERS)[number];
export const MEETING_STATUSES = ['creating', 'ready', 'failed', 'deleting', 'deleted'] as const;
export const REGISTRANT_STATUSES = ['pending', 'registered', 'cancelled', 'failed'] as const;
export type RegistrantStatusName = (typeof REGISTRANT_STATUSES)[number];

export const MEETING_MESSAGES = {
  liveOnly: 'Only live webinars and live seminars have a meeting.',
  joinUrlRequired: 'A join link is required for a meeting by link.',
  joinUrlHttps: 'The join link must be an https:// address.',
  joinUrlForZoom: 'A Zoom meeting gets its join links from Zoom: leave the join link empty.',
  noDate: 'Give the course its session date before creating a Zoom meeting.',
  zoomNotConfigured: 'Zoom is not set up on this server (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET). Use a meeting link instead.',
  noMeeting: 'This course has no meeting yet.',
  noZoomMeeting: 'This course has no Zoom meeting to fetch attendance from. Upload the attendance report as CSV instead.',
} as const;

/** Where fetching Zoom's attendance report stands: `queued` (also while waiting to retry), `running`, `failed` after its attempts. */
export const ATTENDANCE_FETCH_STATUSES = ['idle', 'queued', 'running', 'failed'] as const;
export type AttendanceFetchStatus = (typeof ATTENDANCE_FETCH_STATUSES)[number];

export interface AttendanceFetchView {
  /** When Zoom's report was last fetched and recorded (null: never). */
  lastFetchedAt: string | null;
  /** Why the last fetch did not record the report (Zoom's report not ready yet, a failure); null after a success. */
  lastError: string | null;
  status: AttendanceFetchStatus;
}

/** `POST /api/admin/courses/:id/attendance/fetch` (202): the queued job that fetches Zoom's report ("Import now"). */
export interface AttendanceFetchAccepted {
  jobId: string;
}

export const meetingRequestSchema = z
  .object({
    provider: z.enum(MEETING_PROVIDERS, { error: 'provider must be zoom or link' }),
    joinUrl: z.string().trim().max(1000, 'The join link must be at most 1000 characters').optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.provider === 'zoom') {
      if (body.joinUrl) ctx.addIssue({ code: 'custom', path: ['joinUrl'], message: MEETING_MESSAGES.joinUrlForZoom });
      return;
    }
    if (!body.joinUrl) return void ctx.addIssue({ code: 'custom', path: ['joinUrl'], message: MEETING_MESSAGES.joinUrlRequired });
    let url: URL | null = null;
    try {
      url = new URL(body.joinUrl);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:' || !url.hostname) ctx.addIssue({ code: 'custom', path: ['joinUrl'], message: MEETING_MESSAGES.joinUrlHttps });
  });
export type MeetingRequest = z.infer<typeof meetingRequestSchema>;

/** `GET /api/courses/:id/meeting` and the answer of a `PUT`. */
export interface MeetingView {
  courseId: string;
  provider: MeetingProviderName;
  status: (typeof MEETING_STATUSES)[number];
  /** The link (`link` only); a Zoom meeting's attendees each have their own. */
  joinUrl: string | null;
  providerMeetingId: string | null;
  lastError: string | null;
  registrants: Record<RegistrantStatusName, number>;
  /** Fetching Zoom's attendance report (a `link` meeting: always idle, never fetched). */
  attendance: AttendanceFetchView;
}
