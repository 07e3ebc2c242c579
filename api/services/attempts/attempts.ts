/**
 * A learner's attempts (issue 31, point 3): started only by the entitled, with the drawn questions
 * stored on the attempt; answers saved (idempotent) and submitted once, graded on the server
 * against the draw. One open attempt per person and assessment (`open_key`, unique) and numbered
 * attempts (unique per person and assessment) hold the limits across processes. An attempt whose
 * time (plus `ATTEMPT_GRACE_SECONDS`) ran out is graded as it stood — lazily when it is touched,
 * and by the `grade-expired-attempts` job — with a conditional UPDATE, so whoever comes first
 * grades it once.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ASSESSMENT_MESSAGES, ATTEMPT_GRACE_SECONDS, type Answer, type AnswerFeedback, type AttemptResult, type AttemptView } from '@contracts/assessments';
import { isUniqueViolation } from '@db/errors';
import { Assessment, AssessmentAttempt, Question } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import type { AuthenticatedUser } from '../accounts/auth-service';
import type { LearningAccess } from '../learning/access';
import { appendForMembers } from '../orgs/training-record';
import { drawQuestions, secureRandomInt, type RandomInt } from './draw';
import { checkedAnswers, feedbackOf, grade, learnerQuestion, mergeAnswers, resultOf } from './grading';

/** Called once an attempt's grading has committed (the completion verdict is recomputed from it). */
export type OnGraded = (courseId: string, userIds: string[]) => Promise<void>;

export interface AttemptServiceOptions {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  access: Pick<LearningAccess, 'require'>;
  onGraded?: OnGraded;
  random?: RandomInt;
}

type Checked = ReturnType<typeof checkedAnswers>;

export const openKeyOf = (assessmentId: string, userId: string) => `${assessmentId}:${userId}`;

/** Past its time and the grace: answers no longer count and the attempt is graded as it stood. */
export function isExpired(attempt: Pick<AssessmentAttempt, 'expiresAt'>, now: Date): boolean {
  return attempt.expiresAt !== null && now.getTime() > Date.parse(attempt.expiresAt) + ATTEMPT_GRACE_SECONDS * 1000;
}

export class AttemptService {
  constructor(private readonly o: AttemptServiceOptions) {}

  /** `POST /api/assessments/:id/attempts`: a new attempt with its draw (409 while one is open or none are left). */
  async start(user: AuthenticatedUser | null, assessmentId: string): Promise<AttemptView> {
    const { knex, clock } = this.o;
    const assessment = await Assessment.query(knex).findById(assessmentId).whereNull('deleted_at');
    if (!assessment) throw AppError.notFound(ASSESSMENT_MESSAGES.notFound);
    await this.o.access.require(user, assessment.courseId);
    const userId = user!.id;
    const open = await AssessmentAttempt.query(knex)
      .where({ open_key: openKeyOf(assessment.id, userId) })
      .first();
    if (open) await this.settle(open, assessment);
    try {
      const attempt = await transaction(knex, async (trx) => {
        const earlier = await AssessmentAttempt.query(trx).where({ assessment_id: assessment.id, user_id: userId }).select('id', 'number', 'status', 'passed');
        refuseStart(assessment, earlier);
        const pool = await poolOf(trx, assessment);
        const now = clock();
        const row = {
          id: crypto.randomUUID(),
          assessmentId: assessment.id,
          courseId: assessment.courseId,
          userId,
          number: Math.max(0, ...earlier.map((a) => a.number)) + 1,
          status: 'open' as const,
          openKey: openKeyOf(assessment.id, userId),
          questions: drawQuestions(pool, assessment, this.o.random ?? secureRandomInt),
          answers: {},
          startedAt: now.toISOString(),
          expiresAt: assessment.timeLimitMinutes === null ? null : new Date(now.getTime() + assessment.timeLimitMinutes * 60_000).toISOString(),
          answersSavedAt: null,
          submittedAt: null,
          scorePercent: null,
          passed: null,
        };
        await AssessmentAttempt.query(trx).insert(row);
        return AssessmentAttempt.fromJson(row);
      });
      return viewOf(attempt, assessment);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another start (another tab, another process) took the open key or the number first.
      refuseStart(assessment, await AssessmentAttempt.query(knex).where({ assessment_id: assessment.id, user_id: userId }));
      throw AppError.conflict(ASSESSMENT_MESSAGES.openAttempt);
    }
  }

  /** `GET /api/attempts/:id`: the owner's attempt, to resume it or read its result. */
  async view(user: AuthenticatedUser, attemptId: string): Promise<AttemptView> {
    const { attempt, assessment } = await this.owned(user, attemptId);
    return viewOf(await this.settle(attempt, assessment), assessment);
  }

  /** `PUT /api/attempts/:id/answers`: each named question's answer replaces its last. */
  async saveAnswers(user: AuthenticatedUser, attemptId: string, answers: Answer[]): Promise<{ answers: Record<string, string[]>; savedAt: string }> {
    const { attempt, assessment } = await this.owned(user, attemptId);
    if (attempt.status === 'submitted') throw AppError.conflict(ASSESSMENT_MESSAGES.submitted);
    await this.o.access.require(user, attempt.courseId);
    return this.save(attempt, assessment, checkedAnswers(attempt.questions, answers));
  }

  /** `POST /api/attempts/:id/check` (review questions): the answer saved, and whether it is right. */
  async check(user: AuthenticatedUser, attemptId: string, answer: Answer): Promise<AnswerFeedback> {
    const { attempt, assessment } = await this.owned(user, attemptId);
    if (assessment.kind !== 'review') throw AppError.conflict(ASSESSMENT_MESSAGES.reviewOnly);
    if (attempt.status === 'submitted') throw AppError.conflict(ASSESSMENT_MESSAGES.submitted);
    await this.o.access.require(user, attempt.courseId);
    const checked = checkedAnswers(attempt.questions, [answer]);
    await this.save(attempt, assessment, checked);
    return feedbackOf(
      attempt.questions.find((q) => q.id === answer.questionId)!,
      checked[0]!.optionIds,
    );
  }

  /** `POST /api/attempts/:id/submit`: graded once; asked again, the same result. Late answers do not count. */
  async submit(user: AuthenticatedUser, attemptId: string, answers: Answer[] | undefined): Promise<AttemptResult> {
    // Handing in needs the right to the course now (a refund ends it); a submitted attempt's result is its evidence, answered again.
    const before = await AssessmentAttempt.query(this.o.knex).findById(attemptId).select('course_id', 'user_id', 'status');
    if (before?.status === 'open' && before.userId === user.id) await this.o.access.require(user, before.courseId);
    // One locked read decides it all (owner, state, answers).
    const { row, assessment, graded } = await transaction(this.o.knex, async (trx) => {
      const current = await forUpdate(trx, AssessmentAttempt.query(trx).findById(attemptId));
      const assessment = await this.assessmentOf(trx, user, current);
      if (current!.status === 'submitted') return { row: current!, assessment, graded: false };
      const checked = answers ? checkedAnswers(current!.questions, answers) : [];
      return { row: await gradeIn(trx, current!, assessment, this.o.clock(), checked), assessment, graded: true };
    });
    if (graded) await afterGraded(this.o, row);
    return resultOf(assessment, submittedFields(row));
  }

  /** Grades open attempts whose time and grace ran out before `now` (the periodic job); at most `limit`. */
  async gradeExpired(now: Date, limit = 200, signal?: AbortSignal): Promise<number> {
    const cutoff = new Date(now.getTime() - ATTEMPT_GRACE_SECONDS * 1000).toISOString();
    const due = await AssessmentAttempt.query(this.o.knex)
      .whereNotNull('open_key')
      .whereNotNull('expires_at')
      .where('expires_at', '<', cutoff)
      .select('id', 'assessment_id')
      .limit(limit);
    const assessments = due.length
      ? new Map((await Assessment.query(this.o.knex).whereIn('id', [...new Set(due.map((a) => a.assessmentId))])).map((a) => [a.id, a]))
      : new Map<string, Assessment>();
    let count = 0;
    for (const { id, assessmentId } of due) {
      if (signal?.aborted) break;
      const assessment = assessments.get(assessmentId);
      if (assessment && (await this.gradeIfExpired(id, assessment))) count++;
    }
    return count;
  }

  /** The attempt graded as it stood if its time ran out (whoever comes first grades it); the attempt as it now is. */
  async settle(attempt: AssessmentAttempt, assessment: Assessment): Promise<AssessmentAttempt> {
    if (attempt.status !== 'open' || !isExpired(attempt, this.o.clock())) return attempt;
    await this.gradeIfExpired(attempt.id, assessment);
    return AssessmentAttempt.query(this.o.knex).findById(attempt.id).throwIfNotFound();
  }

  private async gradeIfExpired(attemptId: string, assessment: Assessment): Promise<boolean> {
    const graded = await transaction(this.o.knex, async (trx) => {
      const current = await this.locked(trx, attemptId);
      const now = this.o.clock();
      if (current.status !== 'open' || !isExpired(current, now)) return null;
      return gradeIn(trx, current, assessment, now, []);
    });
    if (graded) await afterGraded(this.o, graded);
    return graded !== null;
  }

  private async save(attempt: AssessmentAttempt, assessment: Assessment, checked: Checked): Promise<{ answers: Record<string, string[]>; savedAt: string }> {
    const outcome = await transaction(this.o.knex, async (trx) => {
      const current = await this.locked(trx, attempt.id);
      if (current.status === 'submitted') return { refused: ASSESSMENT_MESSAGES.submitted, graded: null };
      const now = this.o.clock();
      if (isExpired(current, now)) return { refused: ASSESSMENT_MESSAGES.timeUp, graded: await gradeIn(trx, current, assessment, now, []) };
      const answers = mergeAnswers(current.answers, checked);
      const savedAt = now.toISOString();
      await AssessmentAttempt.query(trx).patch({ answers, answersSavedAt: savedAt }).where({ id: current.id, status: 'open' });
      return { saved: { answers, savedAt } };
    });
    if ('saved' in outcome) return outcome.saved!;
    if (outcome.graded) await afterGraded(this.o, outcome.graded);
    throw AppError.conflict(outcome.refused!);
  }

  private async owned(user: AuthenticatedUser, attemptId: string): Promise<{ attempt: AssessmentAttempt; assessment: Assessment }> {
    const attempt = await AssessmentAttempt.query(this.o.knex).findById(attemptId);
    return { attempt: attempt!, assessment: await this.assessmentOf(this.o.knex, user, attempt) };
  }

  /** 404 for no attempt, 403 for someone else's; its assessment, whatever its state (a deleted one keeps its attempts as evidence). */
  private async assessmentOf(db: Knex, user: AuthenticatedUser, attempt: AssessmentAttempt | undefined): Promise<Assessment> {
    if (!attempt) throw AppError.notFound(ASSESSMENT_MESSAGES.attemptNotFound);
    if (attempt.userId !== user.id) throw new AppError('forbidden', ASSESSMENT_MESSAGES.notYours);
    return Assessment.query(db).findById(attempt.assessmentId).throwIfNotFound();
  }

  private async locked(trx: Knex.Transaction, attemptId: string): Promise<AssessmentAttempt> {
    return forUpdate(trx, AssessmentAttempt.query(trx).findById(attemptId)).throwIfNotFound();
  }
}

/** After a grading has committed: the completion verdict recomputed (a failure is logged; the next recompute catches up). */
export async function afterGraded(o: Pick<AttemptServiceOptions, 'onGraded' | 'logger'>, attempt: AssessmentAttempt): Promise<void> {
  if (!o.onGraded) return;
  try {
    await o.onGraded(attempt.courseId, [attempt.userId]);
  } catch (error) {
    o.logger.error(`Completion after attempt ${attempt.id} failed: ${(error as Error).message}`);
  }
}

/**
 * Grades an open attempt in `trx` (the caller read it locked): with `checked` merged when in time;
 * after the time, as it stood, dated at its limit. Conditional on its still being open.
 */
export async function gradeIn(
  trx: Knex.Transaction,
  current: AssessmentAttempt,
  assessment: Assessment,
  now: Date,
  checked: Checked,
): Promise<AssessmentAttempt> {
  const late = isExpired(current, now);
  const answers = late || checked.length === 0 ? current.answers : mergeAnswers(current.answers, checked);
  const { scorePercent, passed } = grade(current.questions, answers, assessment.passMarkPercent);
  const patch = {
    status: 'submitted' as const,
    openKey: null,
    answers,
    submittedAt: late ? current.expiresAt! : now.toISOString(),
    scorePercent,
    passed,
    ...(!late && checked.length > 0 ? { answersSavedAt: now.toISOString() } : {}),
  };
  const changed = await AssessmentAttempt.query(trx).patch(patch).where({ id: current.id, status: 'open' });
  // A final exam's result goes into the training record of an organisation's member (once: whoever graded it).
  if (changed && assessment.kind === 'final') {
    const data = { assessment: assessment.title, attempt: current.number, scorePercent, passMarkPercent: assessment.passMarkPercent, passed };
    await appendForMembers(trx, [{ userId: current.userId, type: 'result', courseId: assessment.courseId, data }], now);
  }
  return AssessmentAttempt.fromJson({ ...current.toJSON(), ...patch });
}

/** The questions an attempt draws from (a final exam also takes the course's unassigned ones); 409 when there are none. */
export async function poolOf(trx: Knex | Knex.Transaction, assessment: Assessment): Promise<Question[]> {
  const pool = await Question.query(trx)
    .where('course_id', assessment.courseId)
    .where((q) =>
      assessment.kind === 'final' ? q.where('assessment_id', assessment.id).orWhereNull('assessment_id') : q.where('assessment_id', assessment.id),
    );
  if (pool.length === 0) throw AppError.conflict(ASSESSMENT_MESSAGES.noQuestions);
  return pool;
}

/** 409 when the person may not start another attempt: one is open, the final exam was passed, or none are left. */
function refuseStart(assessment: Assessment, earlier: ReadonlyArray<Pick<AssessmentAttempt, 'id' | 'number' | 'status' | 'passed'>>): void {
  const open = earlier.find((a) => a.status === 'open');
  if (open) throw AppError.conflict(ASSESSMENT_MESSAGES.openAttempt, { openAttemptId: open.id });
  refuseWhenNoneLeft(assessment, earlier);
}

/** 409 when the final exam was passed or no attempts are left. */
export function refuseWhenNoneLeft(assessment: Assessment, earlier: ReadonlyArray<Pick<AssessmentAttempt, 'passed'>>): void {
  const passedFinal = assessment.kind === 'final' && earlier.some((a) => a.passed);
  if (passedFinal || (assessment.maxAttempts !== null && earlier.length >= assessment.maxAttempts)) throw AppError.conflict(ASSESSMENT_MESSAGES.noAttemptsLeft);
}

export function submittedFields(row: AssessmentAttempt) {
  return { ...row, scorePercent: row.scorePercent ?? 0, passed: row.passed ?? false, submittedAt: row.submittedAt ?? row.startedAt };
}

export function viewOf(attempt: AssessmentAttempt, assessment: Assessment): AttemptView {
  return {
    attemptId: attempt.id,
    assessmentId: attempt.assessmentId,
    courseId: attempt.courseId,
    kind: assessment.kind,
    title: assessment.title,
    number: attempt.number,
    questions: attempt.questions.map(learnerQuestion),
    answers: attempt.answers,
    startedAt: attempt.startedAt,
    expiresAt: attempt.expiresAt,
    status: attempt.status,
    result: attempt.status === 'submitted' ? resultOf(assessment, submittedFields(attempt)) : null,
  };
}
