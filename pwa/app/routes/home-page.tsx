/**
 * Home (storefront spec §2): hero with the tagline and two calls to action, four category tiles,
 * the two membership plans, the Panel of Experts (first 6 instructors) and Featured Courses
 * (first 6 courses), each with 6 skeletons while loading. The sections live in features/home, the
 * membership teaser in features/membership. The sections below the fold (plans, experts, courses)
 * load in parallel with the page, not before its first paint.
 */
import type { ComponentType } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { useHomeSectionStyles } from '../../components/layout/home-section';
import { HeroSection } from '../../features/home/hero-section';
import { CategoryTiles } from '../../features/home/category-tiles';
import { preloadable, useLoaded, type Preloadable } from '../../lib/preloadable';

/**
 * A section whose code loads apart from the page's (and can be asked for early, see
 * `preloadHomeSections`). It renders nothing until its code is there, then renders at once: not
 * through React.lazy and Suspense, whose reveal of a resolved section waited behind the other
 * boundaries of a loading page (measured: the cards 1.1 s after their code had arrived at 4× CPU).
 * A section that fails (its code or its render) says so in its place, with "Try again"; the hero,
 * the tiles and the other sections stay. The three sections' code is one chunk (vite.config.ts: one
 * file on the wire instead of twenty-odd), so a failed fetch of it fails each of them.
 */
function section(part: Preloadable<ComponentType>, name: string): ComponentType {
  function Loaded() {
    const Component = useLoaded(part, { throwOnError: true });
    return Component ? <Component /> : null;
  }
  return function Section() {
    return (
      <ErrorBoundary title={`${name} could not be loaded`}>
        <Loaded />
      </ErrorBoundary>
    );
  };
}
const teaser = preloadable(() => import('../../features/membership/membership-teaser').then((m) => m.MembershipTeaser));
const experts = preloadable(() => import('../../features/home/experts-section').then((m) => m.ExpertsSection));
const featured = preloadable(() => import('../../features/home/featured-courses-section').then((m) => m.FeaturedCoursesSection));
const MembershipTeaser = section(teaser, 'The membership plans');
const ExpertsSection = section(experts, 'The Panel of Experts');
const FeaturedCoursesSection = section(featured, 'The featured courses');

/**
 * Starts downloading the sections' code as the app's script starts on `/` (main.tsx), alongside
 * their reads, instead of after the first render.
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
      <MembershipTeaser />
      <ExpertsSection />
      <FeaturedCoursesSection />
    </div>
  );
}
