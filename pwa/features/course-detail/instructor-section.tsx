/** "Meet Your Instructor": photo, name, title and bio; nothing when the course names no instructor. */
import { Card, makeStyles, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { RichText } from '../../components/rich-text';
import { INSTRUCTOR_FALLBACK_IMAGE } from '../../catalogue/components/course-labels';
import { FallbackImage } from '../../catalogue/components/fallback-image';
import { useCourseSectionStyles } from './course-detail-styles';

const useStyles = makeStyles({
  instructor: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', flexWrap: 'wrap' },
  avatar: {
    width: '96px',
    height: '96px',
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    flexShrink: 0,
  },
  instructorText: { flex: '1 1 240px', minWidth: 0 },
  instructorName: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  instructorTitle: {
    margin: `${tokens.spacingVerticalXXS} 0 ${tokens.spacingVerticalS}`,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
});

export function InstructorSection({ course }: { course: Course }) {
  const styles = useStyles();
  const section = useCourseSectionStyles();
  const name = course.instructorName ?? course.instructor?.name;
  if (!name) return null;
  const title = course.instructorTitle ?? course.instructor?.title ?? null;
  const image = course.instructorImage ?? course.instructor?.image ?? null;
  return (
    <Card className={section.section} role="region" aria-labelledby="instructor-title">
      <h2 className={section.sectionTitle} id="instructor-title">
        Meet Your Instructor
      </h2>
      <div className={styles.instructor}>
        <FallbackImage className={styles.avatar} src={image} fallback={INSTRUCTOR_FALLBACK_IMAGE} alt={name} sizes="160px" />
        <div className={styles.instructorText}>
          <h3 className={styles.instructorName}>{name}</h3>
          {title ? <p className={styles.instructorTitle}>{title}</p> : null}
          {course.instructorBio ? <RichText className={`rich-text ${section.richText}`} html={course.instructorBio} /> : null}
        </div>
      </div>
    </Card>
  );
}
