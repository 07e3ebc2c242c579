/** The two checked lists of the course page: "What You'll Learn" (the course's tags) and "Course Features". */
import { Card, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { CheckIcon } from '../../components/icons';
import { useCourseSectionStyles } from './course-detail-styles';
import { isOnDemand } from './course-kind';

const RECORDED_FEATURES = [
  'Lifetime access',
  'Instant access',
  'Certificate of completion',
  'Watch at your own pace on any device',
  'Downloadable slides and course materials',
];
const LIVE_FEATURES = [
  'Live Q&A with the instructor',
  'Certificate of attendance',
  'Course materials and slides included',
  'Practical case studies and templates',
  'Small-group interaction',
];

const useStyles = makeStyles({
  checklist: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  singleColumn: { gridTemplateColumns: '1fr' },
  checkItem: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
  },
  check: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteGreenForeground1 },
});

function CheckedSection({ id, title, items, className }: { id: string; title: string; items: readonly string[]; className?: string }) {
  const section = useCourseSectionStyles();
  const styles = useStyles();
  return (
    <Card className={section.section} role="region" aria-labelledby={id}>
      <h2 className={section.sectionTitle} id={id}>
        {title}
      </h2>
      <ul className={className ?? styles.checklist}>
        {items.map((item) => (
          <li key={item} className={styles.checkItem}>
            <CheckIcon size={16} className={styles.check} />
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The course's tags as a checked list, in two columns where there is room; nothing without tags. */
export function WhatYoullLearn({ course }: { course: Course }) {
  if (course.tags.length === 0) return null;
  return <CheckedSection id="learn-title" title="What You'll Learn" items={course.tags} />;
}

/** What buying this kind of course includes (recorded or attended), in one column. */
export function CourseFeatures({ course }: { course: Course }) {
  const styles = useStyles();
  return (
    <CheckedSection
      id="features-title"
      title="Course Features"
      items={isOnDemand(course) ? RECORDED_FEATURES : LIVE_FEATURES}
      className={mergeClasses(styles.checklist, styles.singleColumn)}
    />
  );
}
