/** "Panel of Experts" (storefront spec §2): the first six instructors, six skeletons while loading (from the saved catalogue first, once saved). */
import { useLocalFirstInstructors } from '../../catalogue/api/instructors';
import { InstructorCard, InstructorCardSkeleton } from '../../catalogue/components/instructor-card';
import { LoadError } from '@pwa/components/load-error';
import { CardGrid, HOME_ITEM_COUNT, SectionHead, useHomeSectionStyles } from '../../components/layout/home-section';

export function ExpertsSection() {
  const styles = useHomeSectionStyles();
  const { data, isPending, isError, error, refetch } = useLocalFirstInstructors();
  return (
    <section className={styles.section} aria-labelledby="home-experts-title">
      <div className={styles.container}>
        <SectionHead
          id="home-experts-title"
          title="Panel of Experts"
          intro="Former regulators, quality leaders and consultants who bring real inspection experience to every session."
        />
        {isPending ? (
          <div aria-busy="true">
            <CardGrid label="Loading experts">
              {Array.from({ length: HOME_ITEM_COUNT }, (_, index) => (
                <InstructorCardSkeleton key={index} />
              ))}
            </CardGrid>
          </div>
        ) : isError ? (
          <LoadError error={error} what="experts" onRetry={() => void refetch()} />
        ) : (
          <CardGrid label="Experts">
            {(data ?? []).slice(0, HOME_ITEM_COUNT).map((instructor) => (
              <InstructorCard key={instructor.id} instructor={instructor} />
            ))}
          </CardGrid>
        )}
      </div>
    </section>
  );
}
