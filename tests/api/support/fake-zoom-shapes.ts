/**
 * Shapes of the Zoom stand-in's answers (`fake-zoom.ts`): its errors (`{ code, message }`), a
 * registrant, the host's meeting list, and the report endpoints, in the real reports' shapes:
 * - participants: one row per join (a person who leaves and rejoins has several), paged with
 *   `page_size` (default 30, at most 300) and an opaque `next_page_token` ('' on the last page);
 *   `registrant_id` is sent only when asked for with `include_fields=registrant_id`;
 * - polls: per person who answered, their answers (`question_details`).
 * The test feeds the rows; the stand-in only pages and shapes them.
 */

/** An error Zoom answers as `{ code, message }`. */
export class ZoomError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FakeZoomRegistrant {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'approved' | 'pending' | 'denied' | 'cancelled';
  joinUrl: string;
}

/** One participant row as the test gives it (times ISO, duration in seconds). */
export interface ParticipantRow {
  name: string;
  user_email: string;
  join_time: string;
  leave_time: string;
  /** Seconds in the meeting for this row; default: leave − join. */
  duration?: number;
  registrant_id?: string;
  /** Zoom's participant id (the same person keeps it across rejoins); default: derived from the e-mail. */
  id?: string;
}

/** One answer to one poll question. */
export interface PollAnswerRow {
  name: string;
  email: string;
  question: string;
  answer: string;
  polling_id?: string;
  date_time?: string;
}

const zoomTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A page of the participant report; the token is the offset, sealed so a client cannot count on it. */
export function participantsPage(rows: ParticipantRow[], query: Record<string, string>): Record<string, unknown> {
  const pageSize = Math.min(300, Math.max(1, Number(query.page_size) || 30));
  const offset = query.next_page_token
    ? Number(
        Buffer.from(query.next_page_token, 'base64url')
          .toString('utf8')
          .replace(/^offset:/, ''),
      )
    : 0;
  const withRegistrant = (query.include_fields ?? '').split(',').includes('registrant_id');
  const page = rows.slice(offset, offset + pageSize).map((row) => {
    const shaped: Record<string, unknown> = {
      id: row.id ?? Buffer.from(row.user_email.toLowerCase()).toString('base64url').slice(0, 22),
      user_id: String(16_778_240 + offset),
      name: row.name,
      user_email: row.user_email,
      join_time: zoomTime(row.join_time),
      leave_time: zoomTime(row.leave_time),
      duration: row.duration ?? Math.round((Date.parse(row.leave_time) - Date.parse(row.join_time)) / 1000),
      attentiveness_score: '',
      failover: false,
      status: 'in_meeting',
      customer_key: '',
      participant_user_id: '',
    };
    if (withRegistrant && row.registrant_id) shaped.registrant_id = row.registrant_id;
    return shaped;
  });
  const next = offset + pageSize < rows.length ? Buffer.from(`offset:${offset + pageSize}`).toString('base64url') : '';
  return { page_count: Math.ceil(rows.length / pageSize), page_size: pageSize, total_records: rows.length, next_page_token: next, participants: page };
}

/** The poll report: each person's answers, grouped by e-mail. */
export function pollsReport(meetingId: string, meeting: Record<string, any> | undefined, rows: PollAnswerRow[]): Record<string, unknown> {
  const people = new Map<string, { name: string; email: string; question_details: Array<Record<string, string>> }>();
  for (const row of rows) {
    const key = row.email.toLowerCase();
    if (!people.has(key)) people.set(key, { name: row.name, email: row.email, question_details: [] });
    people.get(key)!.question_details.push({
      question: row.question,
      answer: row.answer,
      polling_id: row.polling_id ?? 'poll-1',
      date_time: row.date_time ? zoomTime(row.date_time) : zoomTime(new Date().toISOString()),
    });
  }
  return { id: Number(meetingId) || meetingId, uuid: meeting?.uuid ?? '', start_time: meeting?.start_time ?? '', questions: [...people.values()] };
}

/** `GET /users/me/meetings`: the host's scheduled meetings (the fields the list shows), paged like the reports. */
export function meetingList(meetings: Array<Record<string, any>>, query: Record<string, string>): Record<string, unknown> {
  const pageSize = Math.min(300, Math.max(1, Number(query.page_size) || 30));
  const offset = query.next_page_token
    ? Number(
        Buffer.from(query.next_page_token, 'base64url')
          .toString('utf8')
          .replace(/^offset:/, ''),
      )
    : 0;
  const page = meetings.slice(offset, offset + pageSize).map((m) => {
    const { id, uuid, host_id, topic, type, start_time, duration, timezone, agenda, created_at, join_url } = m;
    return { id, uuid, host_id, topic, type, start_time, duration, timezone, agenda, created_at, join_url };
  });
  const next = offset + pageSize < meetings.length ? Buffer.from(`offset:${offset + pageSize}`).toString('base64url') : '';
  return { page_size: pageSize, total_records: meetings.length, next_page_token: next, meetings: page };
}
