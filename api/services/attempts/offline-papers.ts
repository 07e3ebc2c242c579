/**
 * Exams taken offline (issue 34, point 2). While online the device asks for a paper: questions
 * drawn like an attempt's and stored here (correct flags never leave the server); one unused paper
 * per person and assessment, so asking again does not draw new questions. Handed in later, the
 * paper becomes the person's next numbered attempt and is graded at once against its stored
 * questions: answers given after the time limit (the device's monotonic clock) plus
 * OFFLINE_EXAM_TOLERANCE_SECONDS do not count. The limits are judged when it arrives: attempts
 * used up or the final passed meanwhile (online, on another device) → 409, nothing recorded. The
 * paper is locked and its `attempt_id` set once, so a paper sent twice is graded once and the
 * same result answered again.
 */
import crypto from 'node:crypto';
import { ASSESSMENT_MESSAGES, type AttemptResult } from '@contracts/assessments';
import { OFFLINE_EXAM_MESSAGES, OFFLINE_EXAM_TOLERANCE_SECONDS, type OfflinePaperView, type OfflineSubmission } from '@contracts/offline-learning';
import { isUniqueViolation } from '@db/errors';
import { Assessment, AssessmentAttempt, OfflinePaper } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { afterGraded, gradeIn, poolOf, refuseWhenNoneLeft, submittedFields, type AttemptServiceOptions } from './attempts';
import { drawQuestions, secureRandomInt } from './draw';
import { checkedAnswers, learnerQuestion, resultOf } from './grading';

export class OfflinePaperService {
  constructor(private readonly o: AttemptServiceOptions) {}

  private async assessment(assessmentId: string): Promise<Assessment> {
    const assessment = await Assessment.query(this.o.knex).findById(assessmentId).whereNull('deleted_at');
    if (!assessment) throw AppError.notFound(ASSESSMENT_MESSAGES.notFound);
    return assessment;
  }

  /** `POST /api/assessments/:id/offline-paper`: the person's unused paper, or a new draw. */
  async paper(user: AuthenticatedUser | null, assessmentId: string): Promise<OfflinePaperView> {
    const assessment = await this.assessment(assessmentId);
    await this.o.access.require(user, assessment.courseId);
    const userId = user!.id;
    refuseWhenNoneLeft(assessment, await AssessmentAttempt.query(this.o.knex).where({ assessment_id: assessment.id, user_id: userId }).select('passed'));
    const unusedKey = `${assessment.id}:${userId}`;
    const unused = () => OfflinePaper.query(this.o.knex).where('unused_key', unusedKey).first();
    let paper = await unused();
    if (!paper) {
      const row = {
        id: crypto.randomUUID(),
        assessmentId: assessment.id,
        courseId: assessment.courseId,
        userId,
        questions: drawQuestions(await poolOf(this.o.knex, assessment), assessment, this.o.random ?? secureRandomInt),
        createdAt: this.o.clock().toISOString(),
        unusedKey,
        attemptId: null,
      };
      try {
        await OfflinePaper.query(this.o.knex).insert(row);
        paper = OfflinePaper.fromJson(row);
      } catch (error) {
        // Asked twice at once (two tabs, two processes): the first draw is the one.
        if (!isUniqueViolation(error)) throw error;
        paper = (await unused())!;
      }
    }
    return {
      paperId: paper.id,
      assessmentId: assessment.id,
      courseId: assessment.courseId,
      kind: assessment.kind,
      title: assessment.title,
      timeLimitMinutes: assessment.timeLimitMinutes,
      passMarkPercent: assessment.passMarkPercent,
      questions: paper.questions.map(learnerQuestion),
    };
  }

  /** `POST /api/offline-papers/:id/submit`: graded once; sent again, the same result. */
  async submit(user: AuthenticatedUser, paperId: string, submission: OfflineSubmission): Promise<AttemptResult> {
    const before = await OfflinePaper.query(this.o.knex).findById(paperId);
    if (!before) throw AppError.notFound('This offline exam paper does not exist.');
    if (before.userId !== user.id) throw new AppError('forbidden', ASSESSMENT_MESSAGES.notYours);
    if (!before.attemptId) await this.o.access.require(user, before.courseId);
    const assessment = await Assessment.query(this.o.knex).findById(before.assessmentId).throwIfNotFound();
    try {
      const { row, graded } = await transaction(this.o.knex, async (trx) => {
        const paper = await forUpdate(trx, OfflinePaper.query(trx).findById(paperId)).throwIfNotFound();
        if (paper.attemptId) return { row: await AssessmentAttempt.query(trx).findById(paper.attemptId).throwIfNotFound(), graded: false };
        const earlier = await AssessmentAttempt.query(trx).where({ assessment_id: assessment.id, user_id: user.id }).select('number', 'passed');
        refuseWhenNoneLeft(assessment, earlier);
        const now = this.o.clock();
        // The device's times, bounded by what the server knows: not before the paper, not after arrival.
        const startedMs = Math.min(Math.max(Date.parse(submission.startedAt), Date.parse(paper.createdAt)), now.getTime());
        const submittedAt = new Date(Math.min(startedMs + submission.elapsedSeconds * 1000, now.getTime()));
        const limit = assessment.timeLimitMinutes === null ? Infinity : assessment.timeLimitMinutes * 60 + OFFLINE_EXAM_TOLERANCE_SECONDS;
        const inTime = submission.answers.filter((a) => a.atSeconds <= limit).map(({ questionId, optionIds }) => ({ questionId, optionIds }));
        const checked = checkedAnswers(paper.questions, inTime);
        const open = AssessmentAttempt.fromJson({
          id: crypto.randomUUID(),
          assessmentId: assessment.id,
          courseId: assessment.courseId,
          userId: user.id,
          number: Math.max(0, ...earlier.map((a) => a.number)) + 1,
          status: 'open',
          openKey: null,
          questions: paper.questions,
          answers: {},
          startedAt: new Date(startedMs).toISOString(),
          expiresAt: null,
          answersSavedAt: null,
          submittedAt: null,
          scorePercent: null,
          passed: null,
        });
        await AssessmentAttempt.query(trx).insert(open);
        const row = await gradeIn(trx, open, assessment, submittedAt, checked);
        await OfflinePaper.query(trx).patch({ attemptId: row.id, unusedKey: null }).where({ id: paper.id });
        return { row, graded: true };
      });
      if (graded) await afterGraded(this.o, row);
      return resultOf(assessment, submittedFields(row));
    } catch (error) {
      // An attempt started online at the same moment took the number: the person sends it again.
      if (isUniqueViolation(error)) throw AppError.conflict(OFFLINE_EXAM_MESSAGES.sendAgain);
      throw error;
    }
  }
}
