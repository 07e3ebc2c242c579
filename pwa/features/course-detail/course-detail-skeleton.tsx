/** The course page while the course loads: the main column and the pricing box as skeletons. */
import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import { useCourseLayoutStyles, useCourseSectionStyles } from './course-detail-styles';

const useStyles = makeStyles({
  skeletonHero: { width: '100%', height: 'auto', aspectRatio: '16 / 9', borderRadius: tokens.borderRadiusXLarge },
  skeletonBox: { width: '100%', height: '320px', borderRadius: tokens.borderRadiusXLarge },
});

export function CourseDetailSkeleton() {
  const layout = useCourseLayoutStyles();
  const section = useCourseSectionStyles();
  const styles = useStyles();
  return (
    <div className={layout.layout} aria-busy="true" data-testid="course-detail-skeleton">
      <Skeleton aria-label="Loading course" className={section.skeletonStack}>
        <SkeletonItem className={styles.skeletonHero} shape="rectangle" />
        <SkeletonItem className={section.skeletonShort} size={24} />
        <SkeletonItem size={40} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
      <Skeleton aria-label="Loading pricing">
        <SkeletonItem className={styles.skeletonBox} shape="rectangle" />
      </Skeleton>
    </div>
  );
}
