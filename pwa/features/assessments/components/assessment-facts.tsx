/** A final exam's facts before starting: questions, pass mark, time limit, attempts left, best score. */
import { Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ASSESSMENT_MESSAGES, mayStartAttempt, type LearnerAssessment } from '@contracts/assessments';
import { attemptsLeftText, questionCountText, timeLimitText } from '../lib/labels';
import { useAssessmentStyles } from './assessment-styles';

/** What an exam says of itself; attempts and the best score only where they are known (not on a paper taken offline). */
export type ExamFacts = Pick<LearnerAssessment, 'questionCount' | 'passMarkPercent' | 'timeLimitMinutes'> &
  Partial<Pick<LearnerAssessment, 'attemptsLeft' | 'best'>>;

export function AssessmentFacts({ assessment }: { assessment: ExamFacts }) {
  const styles = useAssessmentStyles();
  const best = assessment.best;
  return (
    <dl className={styles.facts}>
      <dt className={styles.factTerm}>Questions</dt>
      <dd className={styles.factValue}>{questionCountText(assessment.questionCount)}</dd>
      <dt className={styles.factTerm}>Pass mark</dt>
      <dd className={styles.factValue}>{assessment.passMarkPercent} %</dd>
      <dt className={styles.factTerm}>Time limit</dt>
      <dd className={styles.factValue}>{timeLimitText(assessment.timeLimitMinutes)}</dd>
      {assessment.attemptsLeft !== undefined ? (
        <>
          <dt className={styles.factTerm}>Attempts</dt>
          <dd className={styles.factValue}>{attemptsLeftText(assessment.attemptsLeft)}</dd>
          <dt className={styles.factTerm}>Best score</dt>
          <dd className={styles.factValue}>{best ? `${best.scorePercent} % (${best.passed ? 'passed' : 'not passed'})` : 'Not taken yet'}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** "Start exam", "Resume exam", or null when no attempt can be started (none left, or passed). */
export function examAction(assessment: LearnerAssessment): ExamActionLabel | null {
  if (assessment.openAttemptId) return 'Resume exam';
  return mayStartAttempt(!!assessment.best?.passed, assessment.attemptsLeft) ? 'Start exam' : null;
}

export type ExamActionLabel = 'Start exam' | 'Resume exam';

/**
 * The exam's facts and what the learner can do: `action` (a button or a link, named by
 * `examAction`), or why nothing can be started (passed, or no attempts left). The course's content
 * and the exam's own page show it alike.
 */
export function ExamOverview({ exam, action }: { exam: LearnerAssessment; action: (label: ExamActionLabel) => ReactNode }) {
  const styles = useAssessmentStyles();
  const label = examAction(exam);
  return (
    <>
      <AssessmentFacts assessment={exam} />
      {label ? (
        <div className={styles.actions}>{action(label)}</div>
      ) : (
        <Text as="p">{exam.best?.passed ? 'You passed this exam.' : ASSESSMENT_MESSAGES.noAttemptsLeft}</Text>
      )}
    </>
  );
}
