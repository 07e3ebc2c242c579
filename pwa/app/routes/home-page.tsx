/**
 * Home (storefront spec §2): hero with the tagline and two calls to action, four category tiles,
 * the two membership plans, the Panel of Experts (first 6 instructors) and Featured Courses
 * (first 6 courses), each with 6 skeletons while loading. The sections live in features/home, the
 * membership teaser in features/membership. The sections below the fold (plans, experts, courses)
 * load in parallel with the page, not before its first paint.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useHomeSectionStyles } from '../../components/layout/home-section';
import { HeroSection } from '../../features/home/hero-section';
import { CategoryTiles } from '../../features/home/category-tiles';

/**
 * A section whose code loads apart from the page's (and can be asked for early, see
 * `preloadHomeSections`). It renders nothing until its code is there, then renders at once: not
 * through React.lazy and Suspense, whose reveal of a resolved section waited behind the other
 * boundaries of a loading page (measured: the cards 1.1 s after their code had arrived at 4× CPU).
 */
function section(load: () => Promise<ComponentType>) {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  function Section() {
    const [state, setState] = useState<{ component?: ComponentType; error?: unknown }>(() => ({ component: loaded }));
    useEffect(() => {
      if (state.component || state.error) return;
      let current = true;
      preload().then(
        (component) => current && setState({ component }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [state]);
    // A section whose code cannot be loaded fails like any page part: the nearest error boundary shows it.
    if (state.error) throw state.error;
    const Component = state.component;
    return Component ? <Component /> : null;
  }
  return { Section, preload };
}
const teaser = section(() => import('../../features/membership/membership-teaser').then((m) => m.MembershipTeaser));
const experts = section(() => import('../../features/home/experts-section').then((m) => m.ExpertsSection));
const featured = section(() => import('../../features/home/featured-courses-section').then((m) => m.FeaturedCoursesSection));
const MembershipTeaser = teaser.Section;
const ExpertsSection = experts.Section;
const FeaturedCoursesSection = featured.Section;

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
