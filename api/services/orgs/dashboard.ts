/**
 * The manager's dashboard (issue 33, point 4): the organisation's members (by e-mail, a page at a
 * time: `after` is the last e-mail of the page before) × the courses of their seats, each cell
 * assigned, in progress (%), completed (with its day), or overdue (past the due date the manager
 * set and not complete), with the person's current certificate flagged when it expires within 90
 * days. A page costs a fixed number of queries whatever its size; the CSV walks every page and is
 * streamed as it goes.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Knex } from 'knex';
import {
  DASHBOARD_CSV_COLUMNS,
  EXPIRING_WITHIN_DAYS,
  ORG_MESSAGES,
  type DashboardCell,
  type DashboardMember,
  type DashboardPage,
  type DashboardStatus,
} from '@contracts/orgs';
import { Certificate, Course, CourseCompletion, OrgMember, OrgSeat } from '@db/models';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { courseProgress } from '../learning/course-progress';
import { neutralise } from '../orders/order-report';
import { requireOrg, type OrgActor } from './org-access';

export interface DashboardQuery {
  limit: number;
  after?: string;
  courseId?: string;
  status?: DashboardStatus | 'expiring';
}

const DAY_MS = 24 * 60 * 60_000;

function cellStatus(completedAt: string | null, percent: number, dueAt: string | null, nowIso: string): DashboardStatus {
  if (completedAt) return 'completed';
  if (dueAt && dueAt < nowIso) return 'overdue';
  return percent > 0 ? 'in_progress' : 'assigned';
}

export class OrgDashboard {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async page(orgId: string, actor: OrgActor, query: DashboardQuery): Promise<DashboardPage> {
    await requireOrg(this.o.knex, orgId, actor, 'manager');
    return this.read(orgId, query);
  }

  /** Every row of the dashboard as CSV, a page of members at a time. */
  async csv(orgId: string, actor: OrgActor, query: Omit<DashboardQuery, 'limit' | 'after'>): Promise<Readable> {
    await requireOrg(this.o.knex, orgId, actor, 'manager');
    const csv = stringify({ header: true, columns: [...DASHBOARD_CSV_COLUMNS], bom: true, cast: { string: neutralise } });
    const read = (page: DashboardQuery) => this.read(orgId, page);
    async function* rows() {
      let after: string | undefined;
      do {
        const page = await read({ ...query, limit: 200, after });
        const titles = new Map(page.courses.map((c) => [c.id, c.title]));
        for (const m of page.members) {
          for (const c of m.courses) {
            yield [
              m.email,
              m.name ?? '',
              m.department ?? '',
              m.status,
              titles.get(c.courseId) ?? '',
              c.status,
              c.progressPercent,
              c.completedAt ?? '',
              c.dueAt ?? '',
              c.certificate?.number ?? '',
              c.certificate?.validUntil ?? '',
            ];
          }
        }
        after = page.nextCursor ?? undefined;
      } while (after);
    }
    return Readable.from(rows()).pipe(csv);
  }

  async setDue(orgId: string, seatId: string, dueAt: string | null, actor: OrgActor): Promise<void> {
    await requireOrg(this.o.knex, orgId, actor, 'manager');
    const changed = await OrgSeat.query(this.o.knex)
      .where({ id: seatId, org_id: orgId })
      .whereNull('voided_at')
      .patch({ dueAt: dueAt ? new Date(dueAt).toISOString() : null });
    if (!changed) throw AppError.notFound(ORG_MESSAGES.seatNotFound);
  }

  private async read(orgId: string, query: DashboardQuery): Promise<DashboardPage> {
    const { knex, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    const soon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS).toISOString();
    const members: DashboardMember[] = [];
    let after = query.after;
    let more = true;
    // With a filter a batch may match few members: read on until the page is full or the list ends.
    while (members.length < query.limit && more) {
      const batch = await OrgMember.query(knex)
        .where('org_id', orgId)
        .whereIn('status', ['invited', 'active'])
        .modify((q) => (after ? q.where('email', '>', after) : q))
        .orderBy('email')
        .limit(query.limit + 1);
      more = batch.length > query.limit;
      const rows = batch.slice(0, query.limit);
      if (rows.length === 0) break;
      after = rows.at(-1)!.email;
      for (const member of await this.cells(rows, query, nowIso, soon)) {
        if (members.length < query.limit) members.push(member);
        else more = true;
      }
    }
    const courseIds = [...new Set(members.flatMap((m) => m.courses.map((c) => c.courseId)))];
    const courses = courseIds.length ? await Course.query(knex).whereIn('id', courseIds).select('id', 'title').orderBy('title') : [];
    return { courses: courses.map((c) => ({ id: c.id, title: c.title })), members, nextCursor: more && members.length ? members.at(-1)!.email : null };
  }

  /** The members' cells (five queries for the whole batch), filtered as asked. */
  private async cells(rows: OrgMember[], query: DashboardQuery, nowIso: string, soon: string): Promise<DashboardMember[]> {
    const { knex } = this.o;
    // A member's cells in the order their seats were bought (the order, then its lines), the same on every engine.
    const seats = await OrgSeat.query(knex)
      .leftJoin('order_items', 'order_items.id', 'org_seats.order_item_id')
      .whereIn(
        'org_seats.member_id',
        rows.map((m) => m.id),
      )
      .whereNull('org_seats.voided_at')
      .modify((q) => (query.courseId ? q.where('org_seats.course_id', query.courseId) : q))
      .orderBy([{ column: 'org_seats.created_at' }, { column: 'org_seats.order_id' }, { column: 'order_items.position' }, { column: 'org_seats.number' }])
      .select('org_seats.*');
    const userIds = rows.map((m) => m.userId).filter((id): id is string => !!id);
    const courseIds = [...new Set(seats.map((s) => s.courseId))];
    const [progress, completions, certificates] = await Promise.all([
      courseProgress(knex, userIds, courseIds),
      userIds.length && courseIds.length
        ? CourseCompletion.query(knex).whereIn('user_id', userIds).whereIn('course_id', courseIds).whereNotNull('completed_at')
        : [],
      userIds.length && courseIds.length
        ? Certificate.query(knex)
            .whereIn('user_id', userIds)
            .whereIn('course_id', courseIds)
            .whereNull('revoked_at')
            .whereNull('superseded_by')
            .orderBy('issued_at')
        : [],
    ]);
    const completedAt = new Map(completions.map((c) => [`${c.userId}:${c.courseId}`, c.completedAt]));
    const certificateOf = new Map(certificates.map((c) => [`${c.userId}:${c.courseId}`, c]));
    const seatsOf = new Map<string, OrgSeat[]>();
    for (const seat of seats) {
      const own = seatsOf.get(seat.memberId!) ?? [];
      own.push(seat);
      seatsOf.set(seat.memberId!, own);
    }
    return rows.flatMap((member) => {
      const courses = (seatsOf.get(member.id) ?? []).map((seat): DashboardCell => {
        const pair = `${member.userId}:${seat.courseId}`;
        const done = member.userId ? (completedAt.get(pair) ?? null) : null;
        const percent = member.userId ? (progress.get(pair)?.percent ?? 0) : 0;
        const certificate = member.userId ? certificateOf.get(pair) : undefined;
        return {
          seatId: seat.id,
          courseId: seat.courseId,
          status: cellStatus(done, percent, seat.dueAt, nowIso),
          progressPercent: done ? 100 : percent,
          completedAt: done,
          dueAt: seat.dueAt,
          certificate: certificate
            ? {
                number: certificate.number,
                validUntil: certificate.validUntil,
                expiring: !!certificate.validUntil && certificate.validUntil > nowIso && certificate.validUntil <= soon,
              }
            : null,
        };
      });
      const wanted = !query.status || courses.some((c) => (query.status === 'expiring' ? c.certificate?.expiring : c.status === query.status));
      if (!wanted || (query.courseId && courses.length === 0)) return [];
      const view: DashboardMember = {
        id: member.id,
        userId: member.userId,
        email: member.email,
        name: member.name,
        department: member.department,
        status: member.status === 'active' ? 'active' : 'invited',
        courses,
      };
      return [view];
    });
  }
}
