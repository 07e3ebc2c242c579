/** The top of the course page: picture, type/code/category badges, the title (h1) and the descriptions. */
import { Badge, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { RichText } from '../../components/rich-text';
import { COURSE_FALLBACK_IMAGE, courseTypeBadgeLabel } from '../../catalogue/components/course-labels';
import { FallbackImage } from '../../catalogue/components/fallback-image';
import { useCourseSectionStyles } from './course-detail-styles';

const TYPE_BADGE_COLORS: Record<string, BadgeProps['color']> = {
  live_seminar: 'brand',
  live_webinar: 'informative',
  webinar: 'success',
};

const useStyles = makeStyles({
  hero: {
    width: '100%',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    display: 'block',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    boxShadow: tokens.shadow8,
  },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '@media (min-width: 640px)': { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800 },
  },
  short: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground2,
    '@media (min-width: 640px)': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  },
});

/** Fragments: the parts sit directly in the course's article, which spaces them. */
export function CourseIntro({ course }: { course: Course }) {
  const styles = useStyles();
  const section = useCourseSectionStyles();
  return (
    <>
      <FallbackImage className={styles.hero} src={course.image} fallback={COURSE_FALLBACK_IMAGE} alt={course.title} sizes="(min-width: 900px) 900px, 100vw" />
      <div className={styles.badges}>
        <Badge appearance="filled" color={TYPE_BADGE_COLORS[course.type] ?? 'important'} shape="rounded" size="large">
          {courseTypeBadgeLabel(course.type)}
        </Badge>
        <Badge appearance="outline" color="brand" shape="rounded" size="large">
          {course.code}
        </Badge>
        {course.category ? (
          <Badge appearance="tint" color="informative" shape="rounded" size="large">
            {course.category.toLowerCase() === 'pack' ? 'Webinar Pack' : course.category}
          </Badge>
        ) : null}
      </div>
      <h1 className={styles.title} id="course-title">
        {course.title}
      </h1>
      {course.shortDescription ? <p className={styles.short}>{course.shortDescription}</p> : null}
      {course.description ? <RichText className={`rich-text ${section.richText}`} data-testid="course-description" html={course.description} /> : null}
    </>
  );
}
