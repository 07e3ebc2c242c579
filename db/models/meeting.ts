import { BaseModel } from './base-model';

export type MeetingProvider = 'zoom' | 'link';
export type MeetingStatus = 'creating' | 'ready' | 'failed' | 'deleting' | 'deleted';
export type RegistrantStatus = 'pending' | 'registered' | 'cancelled' | 'failed';

/** A course's live meeting (issue 30): at Zoom (created and kept in line by a queued job) or one link staff gave. */
export class Meeting extends BaseModel {
  static override tableName = 'meetings';

  id!: string;
  courseId!: string;
  provider!: MeetingProvider;
  status!: MeetingStatus;
  providerMeetingId!: string | null;
  providerUuid!: string | null;
  /** The link staff gave (`link`), or Zoom's general join address (never sent to attendees: they get their own). */
  joinUrl!: string | null;
  /** What Zoom should show, from the course. */
  topic!: string | null;
  startTime!: string | null;
  duration!: number | null;
  timezone!: string | null;
  /** Changes Zoom must follow; `syncedRevision` is the last one it has. */
  revision!: number;
  syncedRevision!: number;
  lastError!: string | null;
  /** When Zoom's attendance report was last fetched and recorded (null: never). */
  attendanceFetchedAt!: string | null;
  /** Why the last fetch of the attendance report did not record it (null after a success). */
  attendanceError!: string | null;
  createdBy!: string | null;
  createdAt!: string;
  updatedAt!: string;
}

/** One person registered for one meeting, with their personal join link (unique per meeting and person). */
export class MeetingRegistrant extends BaseModel {
  static override tableName = 'meeting_registrants';

  id!: string;
  meetingId!: string;
  userId!: string;
  entitlementId!: string | null;
  email!: string;
  status!: RegistrantStatus;
  /** +1 each time the person is registered again or cancelled (the key of its queued job). */
  revision!: number;
  providerRegistrantId!: string | null;
  joinUrl!: string | null;
  attempts!: number;
  lastError!: string | null;
  registeredAt!: string | null;
  cancelledAt!: string | null;
  providerCancelledAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
