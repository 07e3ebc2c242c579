/**
 * Signed acknowledgements (issue 33, point 5; 21 CFR Part 11 §11.50, §11.200): for a course staff
 * mark "requires acknowledgement", a learner who has completed it signs "I have read and
 * understood". Signing takes a fresh e-mail code (a second factor at signing time, not the
 * session): asked for, mailed, kept only as its SHA-256, valid 10 minutes, used once (a
 * conditional UPDATE), spent after 5 wrong tries. The signature is an entry of the training
 * record with the printed name, the time, the meaning and the hash of the record as it stood —
 * the chain then covers the signature itself.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  ACKNOWLEDGEMENT_MEANING,
  SIGNATURE_CODE_MINUTES,
  SIGNATURE_MAX_WRONG_TRIES,
  SIGNATURE_MESSAGES,
  type SignatureStatus,
  type SignatureView,
} from '@contracts/orgs';
import { Course, CourseAcknowledgement, CourseCompletion, OrgMember, SignatureCode, TrainingRecordEntry, User } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { randomSixDigitCode, sha256Hex } from '@api/lib/crypto';
import { composeMail, type Mailer } from '../../integrations/mail';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { appendRecord, GENESIS_HASH } from './training-record';

const RESEND_AFTER_MS = 60_000;

export class SignatureService {
  constructor(private readonly o: { knex: Knex; clock: Clock; mailer: Mailer }) {}

  /** Staff: whether a course asks its learners to sign their completion (audited, answered in the write's transaction). */
  async setRequired(actor: Actor, courseId: string, required: boolean, record?: RecordAnswer<{ required: boolean }>): Promise<{ required: boolean }> {
    const { knex, clock } = this.o;
    const nowIso = clock().toISOString();
    return transaction(knex, async (trx) => {
      const course = await Course.query(trx).findById(courseId).select('id', 'title');
      if (!course) throw AppError.notFound('Course not found');
      const before = !!(await CourseAcknowledgement.query(trx).findById(courseId))?.required;
      await CourseAcknowledgement.insertMany(trx, [{ courseId, required, updatedAt: nowIso }], { ignoreConflictsOn: ['course_id'] });
      await CourseAcknowledgement.query(trx).findById(courseId).patch({ required, updatedAt: nowIso });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: courseId,
          action: 'update',
          before: { requiresAcknowledgement: before },
          after: { requiresAcknowledgement: required },
          summary: `${required ? 'Asked for' : 'Stopped asking for'} signed acknowledgements of "${course.title}"`,
        },
        nowIso,
      );
      await record?.(trx, { required });
      return { required };
    });
  }

  async required(courseId: string): Promise<boolean> {
    return !!(await CourseAcknowledgement.query(this.o.knex).findById(courseId))?.required;
  }

  /** The learner's view: whether the course asks for a signature, whether they completed it, and their signature if they signed. */
  async status(userId: string, courseId: string): Promise<SignatureStatus> {
    const { knex } = this.o;
    const [setting, completion, entry] = await Promise.all([
      CourseAcknowledgement.query(knex).findById(courseId),
      CourseCompletion.query(knex).where({ user_id: userId, course_id: courseId }).whereNotNull('completed_at').first(),
      TrainingRecordEntry.query(knex).where({ user_id: userId, course_id: courseId, type: 'signature' }).first(),
    ]);
    const data = entry ? (JSON.parse(entry.data) as Omit<SignatureView, 'courseId'>) : null;
    return {
      required: !!setting?.required,
      completed: !!completion,
      signature: data ? { courseId, printedName: data.printedName, meaning: data.meaning, signedAt: data.signedAt, recordHash: data.recordHash } : null,
    };
  }

  /** Mails a fresh code (at most one a minute); earlier codes of this course stop working. */
  async requestCode(user: { id: string; email: string }, courseId: string): Promise<{ message: string }> {
    const { knex, clock, mailer } = this.o;
    await this.signable(knex, user.id, courseId);
    const now = clock();
    const last = await SignatureCode.query(knex).where({ user_id: user.id, course_id: courseId }).orderBy('created_at', 'desc').first();
    if (last && !last.usedAt && now.getTime() - new Date(last.createdAt).getTime() < RESEND_AFTER_MS)
      throw new AppError('too_many_requests', SIGNATURE_MESSAGES.tooSoon);
    const code = randomSixDigitCode();
    await transaction(knex, async (trx) => {
      await SignatureCode.query(trx).where({ user_id: user.id, course_id: courseId }).whereNull('used_at').patch({ usedAt: now.toISOString() });
      await SignatureCode.query(trx).insert({
        id: crypto.randomUUID(),
        userId: user.id,
        courseId,
        codeHash: sha256Hex(`${user.id}:${courseId}:${code}`),
        wrongTries: 0,
        expiresAt: new Date(now.getTime() + SIGNATURE_CODE_MINUTES * 60_000).toISOString(),
        usedAt: null,
        createdAt: now.toISOString(),
      });
    });
    const course = await Course.query(knex).findById(courseId).select('title');
    await mailer.send(
      composeMail(
        user.email,
        `Your signing code for ${course?.title ?? 'your course'}`,
        [
          `You asked to sign your completion of "${course?.title ?? 'your course'}": "${ACKNOWLEDGEMENT_MEANING}".`,
          `This code expires in ${SIGNATURE_CODE_MINUTES} minutes and works once. If you did not ask for it, ignore this e-mail.`,
        ],
        code,
      ),
    );
    return { message: SIGNATURE_MESSAGES.codeSent };
  }

  /** Signs with the code: a stale, spent or wrong code is refused and nothing is signed. */
  async sign(user: { id: string }, courseId: string, code: string): Promise<SignatureView> {
    const { knex, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    await this.signable(knex, user.id, courseId);
    const row = await SignatureCode.query(knex).where({ user_id: user.id, course_id: courseId }).whereNull('used_at').orderBy('created_at', 'desc').first();
    if (!row) throw AppError.badRequest(SIGNATURE_MESSAGES.badCode);
    if (row.expiresAt <= nowIso) throw AppError.badRequest(SIGNATURE_MESSAGES.expiredCode);
    const given = Buffer.from(sha256Hex(`${user.id}:${courseId}:${code}`));
    if (!crypto.timingSafeEqual(given, Buffer.from(row.codeHash))) {
      const spent = row.wrongTries + 1 >= SIGNATURE_MAX_WRONG_TRIES;
      await SignatureCode.query(knex)
        .findById(row.id)
        .patch({ wrongTries: knex.raw('wrong_tries + 1') as unknown as number, ...(spent ? { usedAt: nowIso } : {}) });
      throw AppError.badRequest(SIGNATURE_MESSAGES.badCode);
    }
    return transaction(knex, async (trx) => {
      // Used once: of two requests with the code, one signs.
      const taken = await SignatureCode.query(trx).findById(row.id).whereNull('used_at').patch({ usedAt: nowIso });
      if (!taken) throw AppError.badRequest(SIGNATURE_MESSAGES.badCode);
      await this.signable(trx, user.id, courseId);
      // The person's row first: appends to their record queue behind this one (the hash read below stays the last).
      const person = await forUpdate(trx, User.query(trx).findById(user.id).select('id', 'name'));
      const member = await OrgMember.query(trx).findOne({ user_id: user.id, status: 'active' }).select('org_id');
      const last = await TrainingRecordEntry.query(trx).where('user_id', user.id).orderBy('seq', 'desc').select('hash').first();
      const view: SignatureView = {
        courseId,
        printedName: person?.name ?? '',
        meaning: ACKNOWLEDGEMENT_MEANING,
        signedAt: nowIso,
        recordHash: last?.hash ?? GENESIS_HASH,
      };
      const { courseId: _course, ...data } = view;
      await appendRecord(trx, [{ userId: user.id, type: 'signature', orgId: member?.orgId ?? null, courseId, data: { ...data } }], now);
      return view;
    });
  }

  /** Refuses what cannot be signed: no signature asked, not completed, signed already. */
  private async signable(db: Knex | Knex.Transaction, userId: string, courseId: string): Promise<void> {
    if (!(await CourseAcknowledgement.query(db).findById(courseId))?.required) throw AppError.conflict(SIGNATURE_MESSAGES.notRequired);
    const completion = await CourseCompletion.query(db).where({ user_id: userId, course_id: courseId }).whereNotNull('completed_at').first();
    if (!completion) throw AppError.conflict(SIGNATURE_MESSAGES.notCompleted);
    const signed = await TrainingRecordEntry.query(db).where({ user_id: userId, course_id: courseId, type: 'signature' }).first();
    if (signed) throw AppError.conflict(SIGNATURE_MESSAGES.alreadySigned);
  }
}
