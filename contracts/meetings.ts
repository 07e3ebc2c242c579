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
} as const;

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
}
