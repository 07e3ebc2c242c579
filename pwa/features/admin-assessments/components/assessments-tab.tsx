/**
 * The "Assessments" tab of a course's editor (issue 31, points 1, 2, 4 and 5): the question bank
 * (with its CSV), the assessments and their settings, the completion rule, and the results. Every
 * course type has it (a live course's rule reads attendance or check-in). JSON writes go through
 * the outbox; a CSV import is sent at once.
 */
import { useAssessments } from '../api/get-assessments';
import { AssessmentList } from './assessment-list';
import { headingTag, useAssessmentStyles, type HeadingLevel } from './assessments-styles';
import { CompletionRuleSection } from './completion-rule-form';
import { QuestionBank } from './question-bank';
import { ResultsTable } from './results-table';

/** The Assessments tab for a course editor's `more` tabs (after Content). */
export function assessmentsTabs(course: { id: string }, headingLevel: HeadingLevel) {
  return [{ name: 'assessments', label: 'Assessments', panel: <AssessmentsTab courseId={course.id} headingLevel={headingLevel} /> }];
}

export function AssessmentsTab({ courseId, headingLevel = 2 }: { courseId: string; headingLevel?: HeadingLevel }) {
  const styles = useAssessmentStyles();
  const assessments = useAssessments(courseId);
  const Heading = headingTag(headingLevel);
  return (
    <section className={styles.tab} aria-labelledby={`assessments-${courseId}`}>
      <Heading id={`assessments-${courseId}`} className={styles.heading}>
        Assessments
      </Heading>
      <p className={styles.intro}>Review questions after lessons, the final exam, when the course counts as completed, and how learners did.</p>
      <QuestionBank courseId={courseId} assessments={assessments.data ?? []} headingLevel={headingLevel + 1} />
      <AssessmentList courseId={courseId} assessments={assessments} headingLevel={headingLevel + 1} />
      <CompletionRuleSection courseId={courseId} headingLevel={headingLevel + 1} />
      <ResultsTable courseId={courseId} headingLevel={headingLevel + 1} />
    </section>
  );
}
