/**
 * Organisations (issue 33): a company, its members (manager or learner), the seats it bought, its
 * invitations and each member's training record. The wire and the messages both sides read.
 */
import { z } from 'zod';
import { EMAIL_MESSAGE, emailSchema } from './auth';

export const ORG_ROLES = ['manager', 'learner'] as const;
export type OrgRoleName = (typeof ORG_ROLES)[number];

/** Rows one invitation request may carry (a pasted list or a CSV): more is refused whole. */
export const MAX_INVITATION_ROWS = 5_000;
/** The longest address a member may have (RFC 5321's path limit). */
export const MAX_MEMBER_EMAIL = 254;

export const ORG_MESSAGES = {
  notFound: 'Organisation not found',
  seatNotFound: 'Seat not found',
  managersOnly: 'Only the organisation’s managers may do this',
  otherOrganisation: 'This person already belongs to another organisation',
  courseStarted: 'This seat can no longer be moved: its course has started',
  progressMade: 'This seat can no longer be moved: its holder has already started the course',
  alreadyHasSeat: 'This person already has a seat of this course',
  sameAssignee: 'This seat is already assigned to this person',
  seatVoided: 'This seat was refunded',
  tooManyRows: `An invitation list may have at most ${MAX_INVITATION_ROWS.toLocaleString('en-US')} rows`,
  emptyList: 'The list has no e-mail addresses',
  csvHeader: 'The CSV needs a header row with an "email" column (and optionally "name" and "department")',
  formula: 'This cell looks like a spreadsheet formula',
  notCsvOrJson: 'Send the invitations as JSON ({ "emails": [...] }) or as a text/csv body',
  rowsRefused: 'Nothing was invited: correct the rows marked in the report and send the list again',
  orgOnlyForSignedIn: 'Sign in to buy seats for your organisation',
} as const;

export const orgNameSchema = z
  .string({ error: 'Please enter the organisation’s name' })
  .trim()
  .min(2, { error: 'The organisation’s name must be at least 2 characters' })
  .max(200, { error: 'The organisation’s name must be at most 200 characters' });

export const createOrgSchema = z.strictObject({ name: orgNameSchema });
export type CreateOrgRequest = z.input<typeof createOrgSchema>;

const reasonSchema = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(3, { error: 'Please give a reason (at least 3 characters)' })
  .max(500, { error: 'The reason must be at most 500 characters' });

export const memberEmailSchema = emailSchema.refine((email) => email.length <= MAX_MEMBER_EMAIL, { error: EMAIL_MESSAGE });

export const assignSeatSchema = z.strictObject({ email: memberEmailSchema });

/** The back office: an organisation made for a customer, who becomes its manager. */
export const adminCreateOrgSchema = z.strictObject({ name: orgNameSchema, managerEmail: memberEmailSchema });
/** The back office moves a seat to someone else, or a member to another organisation, giving a reason (audited). */
export const adminMoveSeatSchema = z.strictObject({ email: memberEmailSchema, reason: reasonSchema });
export const adminMoveMemberSchema = z.strictObject({
  toOrgId: z.uuid({ error: 'toOrgId must be an organisation id' }),
  reason: reasonSchema,
});

export const invitationsJsonSchema = z.strictObject({
  emails: z.array(z.string({ error: EMAIL_MESSAGE }), { error: 'emails must be a list' }),
});

/** Members one reminder request may name. */
export const MAX_REMINDER_MEMBERS = 500;

export const remindSchema = z.strictObject({
  memberIds: z
    .array(z.string().min(1).max(36), { error: 'memberIds must be a list of member ids' })
    .min(1, { error: 'Choose at least one person to remind' })
    .max(MAX_REMINDER_MEMBERS, { error: `At most ${MAX_REMINDER_MEMBERS} people at a time` }),
});

/** Per member: reminded now (push and e-mail), already reminded today (at most once a day), nothing outstanding, or not a member. */
export interface ReminderReport {
  reminded: number;
  members: Array<{ memberId: string; status: 'reminded' | 'already_today' | 'nothing_due' | 'not_found' }>;
}

export const DASHBOARD_STATUSES = ['assigned', 'in_progress', 'completed', 'overdue'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];
/** A certificate expiring within this many days is flagged on the dashboard. */
export const EXPIRING_WITHIN_DAYS = 90;

export const dashboardQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  after: z.string().max(254).optional(),
  courseId: z.string().max(36).optional(),
  status: z.enum([...DASHBOARD_STATUSES, 'expiring']).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const seatDueSchema = z.strictObject({
  dueAt: z.iso.datetime({ offset: true, error: 'dueAt must be an ISO date and time, or null' }).nullable(),
});

export interface DashboardCell {
  seatId: string;
  courseId: string;
  status: DashboardStatus;
  progressPercent: number;
  completedAt: string | null;
  dueAt: string | null;
  certificate: { number: string; validUntil: string | null; expiring: boolean } | null;
}

export interface DashboardMember {
  id: string;
  userId: string | null;
  email: string;
  name: string | null;
  department: string | null;
  status: 'invited' | 'active';
  courses: DashboardCell[];
}

export interface DashboardPage {
  courses: Array<{ id: string; title: string }>;
  members: DashboardMember[];
  /** The `after` of the next page (null: this is the last). */
  nextCursor: string | null;
}

export const DASHBOARD_CSV_COLUMNS = [
  'email',
  'name',
  'department',
  'member',
  'course',
  'status',
  'progressPercent',
  'completedAt',
  'dueAt',
  'certificate',
  'validUntil',
] as const;

export interface OrgSummary {
  id: string;
  name: string;
  role: OrgRoleName;
  createdAt: string;
}

export interface SeatView {
  id: string;
  courseId: string;
  courseTitle: string;
  assignee: { email: string; name: string | null } | null;
  assignedAt: string | null;
  /** When its holder should have completed it (set by the manager; past it, the dashboard says overdue). */
  dueAt: string | null;
}

export interface MemberView {
  id: string;
  userId: string | null;
  email: string;
  name: string | null;
  department: string | null;
  role: OrgRoleName;
  status: 'invited' | 'active';
  invitedAt: string;
  acceptedAt: string | null;
}

/** One row of an invitation list as the server read it. */
export interface InvitationRow {
  /** 1-based; in a CSV the spreadsheet's row (the header is row 1). */
  row: number;
  email: string;
  status: 'invited' | 'already_member' | 'duplicate' | 'error';
  message?: string;
}

export interface InvitationReport {
  invited: number;
  rows: InvitationRow[];
}

export const RECORD_ENTRY_TYPES = ['assigned', 'unassigned', 'result', 'completed', 'certificate', 'signature', 'revoked'] as const;
export type RecordEntryType = (typeof RECORD_ENTRY_TYPES)[number];

export interface RecordEntry {
  seq: number;
  at: string;
  type: RecordEntryType;
  orgId: string | null;
  courseId: string | null;
  data: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

export interface TrainingRecord {
  userId: string;
  entries: RecordEntry[];
  chainIntact: boolean;
  /** The first entry whose hash does not follow (null while intact). */
  brokenAt: number | null;
}

/** What a learner's signature of a completed course means (printed in the record). */
export const ACKNOWLEDGEMENT_MEANING = 'I have read and understood';
export const SIGNATURE_CODE_MINUTES = 10;
export const SIGNATURE_MAX_WRONG_TRIES = 5;

export const SIGNATURE_MESSAGES = {
  notRequired: 'This course does not ask for a signature',
  notCompleted: 'Complete the course before signing it',
  alreadySigned: 'You have already signed this course',
  codeSent: 'We sent a code to your e-mail address. Enter it to sign.',
  badCode: 'That code is not valid. Request a new code and try again.',
  expiredCode: 'That code has expired. Request a new code and try again.',
  tooSoon: 'A code was sent less than a minute ago. Please check your e-mail.',
} as const;

export const acknowledgementSettingSchema = z.strictObject({ required: z.boolean({ error: 'required must be true or false' }) });
export const signSchema = z.strictObject({
  code: z
    .string({ error: 'Please enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Code must be 6 digits' }),
  meaning: z.literal(ACKNOWLEDGEMENT_MEANING, { error: `meaning must be "${ACKNOWLEDGEMENT_MEANING}"` }),
});

export interface SignatureView {
  courseId: string;
  printedName: string;
  meaning: string;
  signedAt: string;
  /** The hash of the record's last entry before the signature: what was signed. */
  recordHash: string;
}

/** `GET /api/me/courses/:id/signature`: what My Training shows about signing a course. */
export interface SignatureStatus {
  required: boolean;
  completed: boolean;
  signature: SignatureView | null;
}

/** The back office's answer to moving a seat: what moved, from whom to whom, and why. */
export interface AdminSeatMove {
  seatId: string;
  courseId: string;
  from: string | null;
  to: string;
  reason: string;
}

/** The back office's list of organisations (admins). */
export interface AdminOrgRow {
  id: string;
  name: string;
  createdAt: string;
  managers: string[];
  members: number;
  invited: number;
  seats: number;
  seatsAssigned: number;
}
