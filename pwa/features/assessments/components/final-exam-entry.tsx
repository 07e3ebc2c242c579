/**
 * The course's final exam on its content page: its facts and "Start exam" / "Resume exam" (to the
 * exam's page, which starts or resumes it), or why there is none (passed, no attempts left).
 */
import type { LearnerAssessment } from '@contracts/assessments';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { useCourseAssessments } from '../api/get-course-assessments';
import { assessmentPath } from '../lib/paths';
import { ExamOverview } from './assessment-facts';
import { useAssessmentStyles } from './assessment-styles';

export function FinalExamCard({ courseId, exam }: { courseId: string; exam: LearnerAssessment }) {
  const styles = useAssessmentStyles();
  const headingId = `final-exam-${exam.id}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        Final exam: {exam.title}
      </h2>
      <ExamOverview
        exam={exam}
        action={(label) => (
          <ButtonLink to={`${assessmentPath(courseId, exam.id)}?start=1`} appearance="primary">
            {label}
          </ButtonLink>
        )}
      />
    </section>
  );
}

export function FinalExamEntry({ courseId, viewer }: { courseId: string; viewer: string }) {
  const assessments = useCourseAssessments(courseId, viewer);
  // No exam, or the list not readable (not entitled, offline): the content page says nothing of it.
  const exam = assessments.data?.find((a) => a.kind === 'final');
  return exam ? <FinalExamCard courseId={courseId} exam={exam} /> : null;
}
