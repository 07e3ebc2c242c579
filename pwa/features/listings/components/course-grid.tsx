/** The responsive grid of course cards; N skeleton cards while loading (spec §9: six). */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { CourseCard } from '@pwa/catalogue/components/course-card';
import { CourseCardSkeleton } from '@pwa/catalogue/components/course-card-skeleton';

export const LISTING_SKELETON_COUNT = 6;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: { display: 'flex', flexDirection: 'column', minWidth: 0, '& > *': { flexGrow: 1 } },
});

export interface CourseGridProps {
  courses?: readonly Course[];
  isLoading?: boolean;
  skeletonCount?: number;
  /** Accessible name of the list. */
  label?: string;
}

export function CourseGrid({ courses = [], isLoading = false, skeletonCount = LISTING_SKELETON_COUNT, label = 'Courses' }: CourseGridProps) {
  const styles = useStyles();
  if (isLoading) {
    return (
      <ul className={styles.grid} aria-label={`Loading ${label.toLowerCase()}`} aria-busy="true">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <li key={index} className={styles.item}>
            <CourseCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={styles.grid} aria-label={label}>
      {courses.map((course) => (
        <li key={course.id} className={styles.item}>
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}
