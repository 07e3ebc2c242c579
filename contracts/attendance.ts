/**
 * Attendance of live sessions (issue 30, point 3; learning spec "Attendance" and "Credit"): the
 * wire of the staff import, the attendee tables, adjustments and the matching of unmatched rows.
 * The credits themselves come from `computeCredits` (`contracts/credits.ts`).
 */
import { z } from 'zod';
import { creditSchema, MAX_CREDIT_TYPES, type Credit, type CreditStatus } from './credits';

export const ATTENDANCE_SOURCES = ['zoom', 'csv', 'check_in', 'join_log'] as const;
export type AttendanceSourceName = (typeof ATTENDANCE_SOURCES)[number];

/** The most data rows one uploaded report may have; reading stops there. */
export const MAX_REPORT_ROWS = 50_000;
/** The per-row errors an answer lists (the summary counts them all). */
export const MAX_LISTED_ERRORS = 100;

/**
 * Which report columns hold what: an attendance report's e-mail, name, join and leave; a poll
 * report's e-mail, name, question and answer (like Zoom's poll report: one row per answer; with an
 * answer column, a row whose answer is empty is not an answer).
 */
export const columnMappingSchema = z
  .object({
    email: z.string().min(1).max(200),
    name: z.string().min(1).max(200).optional(),
    join: z.string().min(1).max(200).optional(),
    leave: z.string().min(1).max(200).optional(),
    question: z.string().min(1).max(200).optional(),
    answer: z.string().min(1).max(200).optional(),
  })
  .strict();
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** The columns a mapping names for each report ('polls' needs its question column). */
export const MAPPED_FIELDS = {
  attendance: ['email', 'name', 'join', 'leave'],
  polls: ['email', 'name', 'question', 'answer'],
} as const satisfies Record<'attendance' | 'polls', ReadonlyArray<keyof ColumnMapping>>;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** `POST /api/admin/courses/:id/attendance/import?report=&timeZone=&mapping=` (the body is the CSV itself). */
export const importQuerySchema = z
  .object({
    report: z.enum(['attendance', 'polls']).default('attendance'),
    timeZone: z.string().max(64).refine(isTimeZone, 'timeZone must be an IANA time zone such as America/New_York').optional(),
    mapping: z
      .string()
      .max(2000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'mapping must be JSON naming the columns: {"email":…,"name":…,"join":…,"leave":…}' });
          return z.NEVER;
        }
      })
      .pipe(columnMappingSchema)
      .optional(),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (!query.mapping) return;
    const allowed: ReadonlyArray<string> = MAPPED_FIELDS[query.report];
    const other = Object.keys(query.mapping).filter((key) => !allowed.includes(key));
    if (other.length) ctx.addIssue({ code: 'custom', path: ['mapping'], message: ATTENDANCE_MESSAGES.mappingFields(query.report, other) });
    else if (query.report === 'polls' && !query.mapping.question)
      ctx.addIssue({ code: 'custom', path: ['mapping'], message: ATTENDANCE_MESSAGES.questionColumn });
  });
export type ImportQuery = z.infer<typeof importQuerySchema>;

export interface ImportRowError {
  line: number;
  message: string;
}

/** A refused import's body (nothing was written): the message, per-row errors (first 100) and the summary. */
export interface ImportRefusal {
  message: string;
  errors?: ImportRowError[];
  summary?: { rows: number; errors: number };
  /** An unknown report: the columns found and a mapping to fill in and send back. */
  columns?: string[];
  mapping?: Partial<ColumnMapping>;
}

export interface ImportSummary {
  report: 'attendance' | 'polls';
  format: 'zoom' | 'teams' | 'zoom_polls' | 'mapped';
  rows: number;
  people: number;
  matched: number;
  unmatched: number;
  /** Rows written, changed or removed (0 when the same report is imported again). */
  changed: number;
  pollsAsked?: number;
}

export const adjustSchema = z
  .object({
    credits: z.array(creditSchema).max(MAX_CREDIT_TYPES),
    reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
  })
  .strict();
export type AdjustRequest = z.infer<typeof adjustSchema>;

export const matchSchema = z.union([
  z.object({ userId: z.string().uuid() }).strict(),
  z.object({ email: z.string().trim().toLowerCase().email().max(320) }).strict(),
]);
export type MatchRequest = z.infer<typeof matchSchema>;

/** `GET /api/admin/courses/:id/attendance/attendees`: the people with a live entitlement to the course, whom an unmatched row may be matched to. */
export interface AttendeeChoiceDto {
  userId: string;
  name: string;
  email: string;
}

/**
 * A course whose meeting is a link (Teams, Meet, Webex; issue 30, point 1) has no provider report:
 * until one is imported, an entitled attendee who opened their join link in its window has a row
 * from the join log — joined at their first click (not before the start), minutes and credits
 * unknown (0). A click proves they joined, not how long they stayed. A report's row replaces it.
 */
export const JOIN_LOG_STATUS = 'joined_by_link';

export interface AttendanceRowDto {
  id: string;
  userId: string | null;
  email: string;
  name: string;
  joinedAt: string | null;
  leftAt: string | null;
  minutes: number;
  pollsAnswered: number;
  pollsAsked: number;
  credits: Credit[];
  /** The rule's result, `adjusted` by staff, or `joined_by_link`: only the join log says they came (no report covers them yet). */
  status: CreditStatus | 'adjusted' | typeof JOIN_LOG_STATUS;
  reason: string | null;
  source: AttendanceSourceName;
}

export interface UnmatchedRowDto {
  id: string;
  source: AttendanceSourceName;
  email: string;
  name: string;
  minutes: number;
  intervals: Array<[string, string]>;
  resolvedUserId: string | null;
  resolvedAt: string | null;
}

export const ATTENDANCE_MESSAGES = {
  noSession: 'This course has no live session to take attendance for',
  unknownColumns: 'The report’s columns were not recognised: send a mapping naming the e-mail, name, join and leave columns',
  unknownPollColumns: 'The report’s columns were not recognised: send a mapping naming the e-mail and question columns (and the answer column, if any)',
  missingColumns: (missing: readonly string[]) => `The report has no column ${missing.map((c) => `“${c}”`).join(', ')}: choose among its columns`,
  mappingFields: (report: 'attendance' | 'polls', fields: readonly string[]) =>
    `${report === 'polls' ? 'A poll' : 'An attendance'} report’s mapping cannot name ${fields.join(', ')}: it names ${MAPPED_FIELDS[report].join(', ')}`,
  questionColumn: 'Choose the column that holds the poll questions',
  chooseAttendee: 'Choose the attendee this row was',
  notEntitled: 'This person has no live access to this course: only its attendees can be matched',
  tooManyRows: `The report has more than ${MAX_REPORT_ROWS.toLocaleString('en-US')} rows`,
  badRows: 'The report has rows that cannot be read; nothing was imported',
  notCsv: 'Send the report as text/csv',
  noAttendance: 'No attendance recorded for you in this course',
  /** A join-log row's reason; `time` is the first click in the course's zone ("Nov 28, 9:45 AM EST"). */
  joinedByLink: (time: string) => `Joined by link at ${time}; no attendance report yet`,
} as const;
