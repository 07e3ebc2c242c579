/**
 * A course's modules and lessons. For the entitled each lesson is a link to it, with its kind, length,
 * what is done (or the share watched) and, for a handout, its download; for anyone else, the
 * titles only.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Syllabus, SyllabusLesson } from '@contracts/learning';
import { TextLink } from '@pwa/components/layout/router-links';
import { KIND_LABELS, lessonPath, lessonStatus } from '../lib/learning-labels';
import { formatClock } from '../lib/time-format';
import { HandoutButton } from './handout-button';
import { DocumentLessonIcon, DoneIcon, TextLessonIcon, VideoLessonIcon } from './learning-icons';

const useStyles = makeStyles({
  module: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  moduleTitle: { margin: 0, fontSize: tokens.fontSizeBase500 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  lesson: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  titles: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  icon: { color: tokens.colorBrandForeground1, display: 'flex' },
  meta: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, color: tokens.colorPaletteGreenForeground1 },
  handout: { gridColumn: '2 / -1' },
});

const KIND_ICONS = { video: VideoLessonIcon, document: DocumentLessonIcon, text: TextLessonIcon } as const;

function LessonRow({ courseId, lesson, entitled }: { courseId: string; lesson: SyllabusLesson; entitled: boolean }) {
  const styles = useStyles();
  const Icon = KIND_ICONS[lesson.kind];
  const status = entitled ? lessonStatus(lesson) : '';
  const length = lesson.durationSeconds ? formatClock(lesson.durationSeconds) : '';
  return (
    <li className={styles.lesson}>
      <span className={styles.icon}>
        <Icon />
      </span>
      <span className={styles.titles}>
        {entitled ? <TextLink to={lessonPath(courseId, lesson.id)}>{lesson.title}</TextLink> : <span>{lesson.title}</span>}
        <span className={styles.meta}>
          {KIND_LABELS[lesson.kind]}
          {length ? ` · ${length}` : ''}
        </span>
      </span>
      <span className={styles.meta}>
        {status === 'Done' ? (
          <span className={styles.status}>
            <DoneIcon size={16} />
            Done
          </span>
        ) : (
          status
        )}
      </span>
      {entitled && lesson.kind === 'document' && (lesson.hasDocument || lesson.materialIncluded === false) ? (
        <span className={styles.handout}>
          <HandoutButton lessonId={lesson.id} title={lesson.title} materialIncluded={lesson.materialIncluded !== false} />
        </span>
      ) : null}
    </li>
  );
}

export function SyllabusList({ syllabus }: { syllabus: Syllabus }) {
  const styles = useStyles();
  const modules = syllabus.modules.filter((m) => m.lessons.length > 0);
  return (
    <>
      {modules.map((m) => (
        <section key={m.id ?? 'lessons'} className={styles.module} aria-label={m.title}>
          <h2 className={styles.moduleTitle}>{m.title}</h2>
          <ol className={styles.list}>
            {m.lessons.map((lesson) => (
              <LessonRow key={lesson.id} courseId={syllabus.courseId} lesson={lesson} entitled={syllabus.entitled} />
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
