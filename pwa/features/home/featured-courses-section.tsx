/**
 * "Featured Courses" (storefront spec §2): the first six courses, six skeletons while loading, and
 * a link to the whole catalogue. Asks for just those six (card fields only), and shows them at
 * once from the saved catalogue when the device holds one (the network answer refreshes them).
 */
import { mergeClasses } from '@fluentui/react-components';
import { ArrowRightIcon } from '../../components/icons';
import { useLocalFirstCourses } from '../../catalogue/api/courses';
import { FEATURED_COURSES_QUERY } from '@contracts/home-reads';
import { useSavedTiers } from '../../catalogue/api/saved-tiers';
import { CourseCard } from '../../catalogue/components/course-card';
import { CourseCardSkeleton } from '../../catalogue/components/course-card-skeleton';
import { LoadError } from '@pwa/components/load-error';
import { ButtonLink } from '../../components/layout/router-links';
import { CardGrid, HOME_ITEM_COUNT, SectionHead, useHomeSectionStyles } from '../../components/layout/home-section';

export function FeaturedCoursesSection() {
  const styles = useHomeSectionStyles();
  const { data, isPending, isError, error, refetch } = useLocalFirstCourses(FEATURED_COURSES_QUERY);
  const featured = data?.slice(0, HOME_ITEM_COUNT);
  const tiers = useSavedTiers(featured?.map((course) => course.id) ?? []);
  return (
    <section className={mergeClasses(styles.section, styles.sectionAlt)} aria-labelledby="home-featured-title">
      <div className={styles.container}>
        <SectionHead
          id="home-featured-title"
          title="Featured Courses"
          intro="Upcoming sessions and popular recordings, chosen by our training team."
          action={
            <ButtonLink to="/courses" appearance="secondary" icon={<ArrowRightIcon size={16} />} iconPosition="after">
              View All Courses
            </ButtonLink>
          }
        />
        {isPending ? (
          <div aria-busy="true">
            <CardGrid label="Loading featured courses">
              {Array.from({ length: HOME_ITEM_COUNT }, (_, index) => (
                <CourseCardSkeleton key={index} />
              ))}
            </CardGrid>
          </div>
        ) : isError ? (
          <LoadError error={error} what="courses" onRetry={() => void refetch()} />
        ) : (
          <CardGrid label="Featured courses">
            {(featured ?? []).map((course) => (
              <CourseCard key={course.id} course={course} tiers={tiers?.get(course.id)} />
            ))}
          </CardGrid>
        )}
      </div>
    </section>
  );
}
