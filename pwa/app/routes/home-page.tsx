/**
 * Home (storefront spec §2): hero with the tagline and two calls to action, four category tiles,
 * the two membership plans, the Panel of Experts (first 6 instructors) and Featured Courses
 * (first 6 courses), each with 6 skeletons while loading. The sections live in features/home, the
 * membership teaser in features/membership. The sections below the fold (plans, experts, courses)
 * load in parallel with the page, not before its first paint.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useHomeSectionStyles } from '../../components/layout/home-section';
import { HeroSection } from '../../features/home/hero-section';
import { CategoryTiles } from '../../features/home/category-tiles';

const section = (load: () => Promise<ComponentType>) => lazy(async () => ({ default: await load() }));
const MembershipTeaser = section(() => import('../../features/membership/membership-teaser').then((m) => m.MembershipTeaser));
const ExpertsSection = section(() => import('../../features/home/experts-section').then((m) => m.ExpertsSection));
const FeaturedCoursesSection = section(() => import('../../features/home/featured-courses-section').then((m) => m.FeaturedCoursesSection));

export default function HomePage() {
  const styles = useHomeSectionStyles();
  return (
    <div className={styles.page}>
      <HeroSection />
      <CategoryTiles />
      <Suspense fallback={null}>
        <MembershipTeaser />
      </Suspense>
      <Suspense fallback={null}>
        <ExpertsSection />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedCoursesSection />
      </Suspense>
    </div>
  );
}
