/**
 * Home (storefront spec §2): hero with the tagline and two calls to action, four category tiles,
 * the two membership plans, the Panel of Experts (first 6 instructors) and Featured Courses
 * (first 6 courses), each with 6 skeletons while loading. The sections live in features/home, the
 * membership teaser in features/membership.
 */
import { useHomeSectionStyles } from '../../components/layout/home-section';
import { HeroSection } from '../../features/home/hero-section';
import { CategoryTiles } from '../../features/home/category-tiles';
import { MembershipTeaser } from '../../features/membership/membership-teaser';
import { ExpertsSection } from '../../features/home/experts-section';
import { FeaturedCoursesSection } from '../../features/home/featured-courses-section';

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
