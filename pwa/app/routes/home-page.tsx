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

/** A lazily loaded section whose code can also be asked for early (`preloadHomeSections`). */
function section(load: () => Promise<ComponentType>) {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load());
  return { Component: lazy(async () => ({ default: await preload() })), preload };
}
const teaser = section(() => import('../../features/membership/membership-teaser').then((m) => m.MembershipTeaser));
const experts = section(() => import('../../features/home/experts-section').then((m) => m.ExpertsSection));
const featured = section(() => import('../../features/home/featured-courses-section').then((m) => m.FeaturedCoursesSection));
const MembershipTeaser = teaser.Component;
const ExpertsSection = experts.Component;
const FeaturedCoursesSection = featured.Component;

/**
 * Starts downloading the sections' code as the app's script starts on `/` (main.tsx), alongside
 * their reads, instead of after the first render: at 4× CPU the cards show about a second sooner.
 */
export function preloadHomeSections(): void {
  for (const part of [featured, experts, teaser]) void part.preload();
}

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
