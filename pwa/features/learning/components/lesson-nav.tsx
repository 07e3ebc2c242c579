/** "Previous lesson" / "Next lesson" under a lesson, in the syllabus's order. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { useSyllabus } from '../api/get-syllabus';
import { lessonPath, neighbours } from '../lib/learning-labels';

const useStyles = makeStyles({
  nav: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export function LessonNav({ courseId, lessonId, viewer }: { courseId: string; lessonId: string; viewer: string }) {
  const styles = useStyles();
  const syllabus = useSyllabus(courseId, viewer);
  if (!syllabus.data) return null;
  const { previous, next } = neighbours(syllabus.data, lessonId);
  if (!previous && !next) return null;
  return (
    <nav className={styles.nav} aria-label="Lessons">
      {previous ? (
        <ButtonLink to={lessonPath(courseId, previous.id)} aria-label={`Previous lesson: ${previous.title}`}>
          Previous lesson
        </ButtonLink>
      ) : (
        <span />
      )}
      {next ? (
        <ButtonLink to={lessonPath(courseId, next.id)} appearance="primary" aria-label={`Next lesson: ${next.title}`}>
          Next lesson
        </ButtonLink>
      ) : null}
    </nav>
  );
}
