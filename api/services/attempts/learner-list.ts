/**
 * `GET /api/me/courses/:id/assessments`: what a learner sees of a course's assessments before
 * starting one — how many questions an attempt holds, attempts used and left, the best result and
 * the attempt to resume. Five queries (the course, access, assessments, question counts, attempts) whatever the number of assessments (plus a grading for an
 * open attempt whose time ran out, which is then shown as submitted).
 */
import type { Knex } from 'knex';
import type { LearnerAssessment } from '@contracts/assessments';
import { Assessment, AssessmentAttempt, Course } from '@db/models';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { poolCounts, poolOf } from '../assessments/questions';
import type { LearningAccess } from '../learning/access';
import type { AttemptService } from './attempts';
import { isExpired } from './attempts';
import { attemptsLeftAfter } from './grading';

export async function learnerAssessments(
  o: { knex: Knex; clock: Clock; access: Pick<LearningAccess, 'require'>; attempts: Pick<AttemptService, 'settle'> },
  user: AuthenticatedUser | null,
  courseId: string,
): Promise<LearnerAssessment[]> {
  if (!(await Course.query(o.knex).findById(courseId).select('id'))) throw AppError.notFound('Course not found');
  await o.access.require(user, courseId);
  const userId = user!.id;
  const assessments = await Assessment.query(o.knex)
    .where({ course_id: courseId })
    .whereNull('deleted_at')
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (assessments.length === 0) return [];
  const [counts, fetched] = await Promise.all([
    poolCounts(o.knex, courseId),
    AssessmentAttempt.query(o.knex)
      .where({ course_id: courseId, user_id: userId })
      .select('id', 'assessment_id', 'number', 'status', 'expires_at', 'submitted_at', 'score_percent', 'passed'),
  ]);
  const now = o.clock();
  const attempts = await Promise.all(
    fetched.map((a) => {
      const assessment = assessments.find((x) => x.id === a.assessmentId);
      return assessment && a.status === 'open' && isExpired(a, now) ? o.attempts.settle(a, assessment) : a;
    }),
  );
  return assessments.map((assessment) => {
    const own = attempts.filter((a) => a.assessmentId === assessment.id).sort((a, b) => a.number - b.number);
    const submitted = own.filter((a) => a.status === 'submitted');
    const best = submitted.reduce<AssessmentAttempt | null>((top, a) => (!top || (a.scorePercent ?? 0) > (top.scorePercent ?? 0) ? a : top), null);
    const pool = poolOf(assessment, counts);
    const used = own.length;
    const passedFinal = assessment.kind === 'final' && submitted.some((a) => a.passed);
    return {
      id: assessment.id,
      lessonId: assessment.lessonId,
      title: assessment.title,
      kind: assessment.kind,
      questionCount: assessment.drawCount === null ? pool : Math.min(assessment.drawCount, pool),
      passMarkPercent: assessment.passMarkPercent,
      maxAttempts: assessment.maxAttempts,
      timeLimitMinutes: assessment.timeLimitMinutes,
      attemptsUsed: used,
      attemptsLeft: attemptsLeftAfter(assessment, used, passedFinal),
      best: best ? { scorePercent: best.scorePercent ?? 0, passed: best.passed ?? false, submittedAt: best.submittedAt ?? '' } : null,
      openAttemptId: own.find((a) => a.status === 'open')?.id ?? null,
    };
  });
}
