import { BaseModel } from './base-model';

export type AttendanceSource = 'zoom' | 'csv' | 'check_in' | 'join_log';
/** `[startIso, endIso]`, merged and sorted. */
export type AttendanceInterval = [string, string];

/** One person's presence at one course's live session (issue 30): merged intervals, seconds, polls, and the source that wrote it. */
export class Attendance extends BaseModel {
  static override tableName = 'attendance';
  static override get jsonAttributes(): string[] {
    return ['intervals'];
  }

  id!: string;
  courseId!: string;
  userId!: string | null;
  email!: string;
  name!: string;
  intervals!: AttendanceInterval[];
  seconds!: number;
  firstJoinedAt!: string | null;
  lastLeftAt!: string | null;
  pollsAnswered!: number;
  pollsAsked!: number;
  source!: AttendanceSource;
  importedAt!: string;
}

/** A staff correction of one person's credits, with its reason (the newest wins; all are kept). */
export class AttendanceAdjustment extends BaseModel {
  static override tableName = 'attendance_adjustments';
  static override get jsonAttributes(): string[] {
    return ['credits'];
  }

  id!: string;
  courseId!: string;
  email!: string;
  attendanceId!: string;
  credits!: Array<{ kind: string; amount: number; fieldOfStudy?: string }>;
  reason!: string;
  adjustedBy!: string;
  adjustedAt!: string;
}

/** A report's person nobody entitled matched, kept for staff to match. */
export class AttendanceUnmatched extends BaseModel {
  static override tableName = 'attendance_unmatched';
  static override get jsonAttributes(): string[] {
    return ['intervals'];
  }

  id!: string;
  courseId!: string;
  source!: AttendanceSource;
  personKey!: string;
  email!: string;
  name!: string;
  intervals!: AttendanceInterval[];
  seconds!: number;
  resolvedUserId!: string | null;
  resolvedBy!: string | null;
  resolvedAt!: string | null;
  createdAt!: string;
}

/** One poll question a person answered in a course's session (per source). */
export class AttendancePollAnswer extends BaseModel {
  static override tableName = 'attendance_poll_answers';
  static override get idColumn(): string[] {
    return ['course_id', 'source', 'email', 'question_hash'];
  }

  courseId!: string;
  source!: AttendanceSource;
  email!: string;
  questionHash!: string;
}
