/**
 * Check-ins at the venue (issue 30, point 5): `POST /api/admin/courses/:id/check-ins`. Each scan is
 * one row per (ticket, kind, at), written with `INSERT … ON CONFLICT IGNORE`: the scanner's outbox
 * may send a scan any number of times (a lost answer, two tabs, the service worker) and it is one
 * check-in, answered the same way each time. Refused, with nothing written: a code that is no
 * ticket (404), another session's ticket (409), a revoked or ended seat (403), a time that cannot
 * be read or lies ahead of the server's clock (400), a check-out of a ticket with no check-in at or
 * before its time (409, as the scanner says "Not checked in"; a check-out recorded before is still
 * answered as before).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { CHECK_IN_FUTURE_TOLERANCE_MS, CHECK_IN_MESSAGES, parseTicketCode, type CheckInRequest, type CheckInView } from '@contracts/check-in';
import { CheckIn, Entitlement, Ticket, User } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import type { Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { queueCheckInAttendance } from './check-in-attendance';
import { seminarOf, type TicketService } from './tickets';

export interface CheckInResult {
  checkIn: CheckInView;
  /** False when the scan had been received before (the answer is the same, nothing new is written). */
  created: boolean;
}

export class CheckInService {
  constructor(private readonly o: { knex: Knex; clock: Clock; tickets: TicketService }) {}

  /** The ticket a code names, or 404; its seat's tickets are made first when the code is of this course. */
  private async ticketOf(courseId: string, code: string): Promise<Ticket> {
    const parsed = parseTicketCode(code);
    if (!parsed) throw AppError.notFound(CHECK_IN_MESSAGES.unknown);
    const hash = sha256Hex(parsed.code);
    const found = await Ticket.query(this.o.knex).findOne({ code_hash: hash });
    if (found) return found;
    // A seat nobody has looked at yet (neither its holder nor a scanner's list) has no row so far.
    const seats = await Entitlement.query(this.o.knex).where('course_id', courseId);
    const match = seats.find((seat) => sha256Hex(this.o.tickets.codeOf(seat)) === hash);
    if (!match) throw AppError.notFound(CHECK_IN_MESSAGES.unknown);
    return (await this.o.tickets.ensure([match])).get(match.id)!;
  }

  /** `at` as the canonical ISO instant, or 400 (unreadable, or ahead of the clock beyond the tolerance). */
  private instant(at: string): string {
    const ms = Date.parse(at);
    if (Number.isNaN(ms) || ms > this.o.clock().getTime() + CHECK_IN_FUTURE_TOLERANCE_MS) throw AppError.badRequest(CHECK_IN_MESSAGES.badTime);
    return new Date(ms).toISOString();
  }

  async record(actor: Actor, courseId: string, request: CheckInRequest, record?: RecordAnswer<CheckInResult>): Promise<CheckInResult> {
    await seminarOf(this.o.knex, courseId);
    const at = this.instant(request.at);
    const ticket = await this.ticketOf(courseId, request.ticket);
    if (ticket.courseId !== courseId) throw AppError.conflict(CHECK_IN_MESSAGES.otherSession);
    const seat = await Entitlement.query(this.o.knex).findById(ticket.entitlementId);
    const nowIso = this.o.clock().toISOString();
    if (!seat || seat.revokedAt || seat.startsAt > nowIso || (seat.endsAt && seat.endsAt <= nowIso)) throw new AppError('forbidden', CHECK_IN_MESSAGES.revoked);
    const holder = await User.query(this.o.knex).findById(seat.userId).select('name', 'email');
    const id = crypto.randomUUID();
    return transaction(this.o.knex, async (trx) => {
      const recorded = await CheckIn.query(trx).findOne({ ticket_id: ticket.id, kind: request.kind, at });
      // A check-out needs a check-in at or before it (the scanner refuses it too); a scan already recorded is answered as before.
      if (!recorded && request.kind === 'out' && !(await CheckIn.query(trx).where({ ticket_id: ticket.id, kind: 'in' }).where('at', '<=', at).first()))
        throw AppError.conflict(CHECK_IN_MESSAGES.notIn);
      // A scan sent at the same moment by another request is still one row (the unique key decides).
      if (!recorded)
        await CheckIn.insertMany(
          trx,
          [
            {
              id,
              courseId,
              ticketId: ticket.id,
              entitlementId: seat.id,
              kind: request.kind,
              at,
              deviceId: request.deviceId ?? null,
              receivedAt: nowIso,
              byUserId: actor.id,
            },
          ],
          { ignoreConflictsOn: ['ticket_id', 'kind', 'at'] },
        );
      const row = recorded ?? (await CheckIn.query(trx).findOne({ ticket_id: ticket.id, kind: request.kind, at }))!;
      if (row.id === id) await queueCheckInAttendance(trx, courseId, id, this.o.clock());
      const result: CheckInResult = {
        checkIn: { id: row.id, courseId, ticketHash: ticket.codeHash, kind: row.kind, at: row.at, holderName: holder?.name || holder?.email || '' },
        created: row.id === id,
      };
      await record?.(trx, result);
      return result;
    });
  }
}
