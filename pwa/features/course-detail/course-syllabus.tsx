/**
 * "Course Content" on the course page (issue 29): the public syllabus — modules and lesson titles
 * with their kind and length — and, for someone who may open the lessons, a way into them. Shown
 * only when the course has lessons; its query never blocks the page.
 */
import { Card, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { Syllabus, SyllabusLesson } from '@contracts/learning';
import { TextLink } from '../../components/layout/router-links';
import { getJson } from '../../lib/api-client';
import { formatDuration } from '../../lib/format';
import { useAuth } from '../../session/use-auth';
import { useCourseSectionStyles } from './course-detail-styles';

const KIND_LABELS: Record<SyllabusLesson['kind'], string> = { video: 'Video', document: 'Handout (PDF)', text: 'Reading' };

const useStyles = makeStyles({
  module: { margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase400 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  lesson: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground1 },
  meta: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  open: { marginTop: tokens.spacingVerticalM, display: 'inline-block', fontWeight: tokens.fontWeightSemibold },
});

export function CourseSyllabus({ courseId }: { courseId: string }) {
  const styles = useStyles();
  const section = useCourseSectionStyles();
  const { user } = useAuth();
  // Signed in or not changes what the answer holds (bodies and progress for the entitled).
  const syllabus = useQuery({
    queryKey: ['syllabus', courseId, user?.id ?? null],
    queryFn: () => getJson<Syllabus>(`/api/courses/${encodeURIComponent(courseId)}/lessons`),
    retry: false,
  });
  const modules = syllabus.data?.modules.filter((m) => m.lessons.length > 0) ?? [];
  if (modules.length === 0) return null;
  return (
    <Card className={section.section} role="region" aria-labelledby="course-syllabus-title">
      <h2 className={section.sectionTitle} id="course-syllabus-title">
        Course Content
      </h2>
      {modules.map((m) => (
        <section key={m.id ?? 'lessons'} aria-label={m.title}>
          {modules.length > 1 || m.id ? <h3 className={styles.module}>{m.title}</h3> : null}
          <ol className={styles.list}>
            {m.lessons.map((lesson) => (
              <li key={lesson.id} className={styles.lesson}>
                <span>{lesson.title}</span>
                <span className={styles.meta}>
                  {KIND_LABELS[lesson.kind]}
                  {lesson.durationSeconds ? ` · ${formatDuration(lesson.durationSeconds / 60)}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
      {syllabus.data?.entitled ? (
        <TextLink to={`/learn/${courseId}`} className={styles.open}>
          Open in My Training
        </TextLink>
      ) : null}
    </Card>
  );
}
