/**
 * The course's final exam on its content page: its facts and "Start exam" / "Resume exam" (to the
 * exam's page, which starts or resumes it), or why there is none (passed, no attempts left).
 * Offline, the exam kept with the course's download, if any (issue 34).
 */
import { Text } from '@fluentui/react-components';
import type { LearnerAssessment } from '@contracts/assessments';
import { OFFLINE_EXAM_MESSAGES } from '@contracts/offline-learning';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { isUnavailable } from '@pwa/lib/api-client';
import { useCourseAssessments } from '../api/get-course-assessments';
import { useCoursePaper } from '../hooks/use-offline-paper';
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

/** Offline: the final exam whose paper this device keeps, to take now (or whose answers wait to be sent). */
function OfflineExamCard({ courseId, viewer }: { courseId: string; viewer: string }) {
  const styles = useAssessmentStyles();
  const paper = useCoursePaper(courseId, viewer);
  if (!paper) return null;
  const headingId = `final-exam-${paper.assessmentId}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        Final exam: {paper.paper.title}
      </h2>
      <Text as="p">{paper.state === 'handedIn' ? OFFLINE_EXAM_MESSAGES.handedIn : OFFLINE_EXAM_MESSAGES.takeOffline}</Text>
      {paper.state === 'handedIn' ? null : (
        <div className={styles.actions}>
          <ButtonLink to={assessmentPath(courseId, paper.assessmentId)} appearance="primary">
            {paper.state === 'taking' ? 'Resume exam' : 'Start exam'}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}

export function FinalExamEntry({ courseId, viewer }: { courseId: string; viewer: string }) {
  const assessments = useCourseAssessments(courseId, viewer);
  if (assessments.isError && isUnavailable(assessments.error)) return <OfflineExamCard courseId={courseId} viewer={viewer} />;
  // No exam, or the list not readable (not entitled): the content page says nothing of it.
  const exam = assessments.data?.find((a) => a.kind === 'final');
  return exam ? <FinalExamCard courseId={courseId} exam={exam} /> : null;
}
