/**
 * Home (storefront spec §2): hero with the tagline and two calls to action, four category tiles,
 * the two membership plans, the Panel of Experts (first 6 instructors) and Featured Courses
 * (first 6 courses), each with 6 skeletons while loading.
 */
import { Badge, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCourses, useInstructors } from '../../features/catalogue/api/queries';
import { CourseCard } from '../../features/catalogue/components/course-card';
import { CourseCardSkeleton } from '../../features/catalogue/components/course-card-skeleton';
import { InstructorCard, InstructorCardSkeleton } from '../../features/catalogue/components/instructor-card';
import { LoadError } from '../../features/catalogue/components/load-error';
import { BRAND_TEAL, TAGLINE } from '../../features/layout/brand';
import { ArrowRightIcon, CheckIcon } from '../../components/icons';
import { ButtonLink } from '../../features/layout/router-links';
import { MEMBERSHIP_PLANS, MOST_POPULAR_LABEL, type MembershipPlan } from '../../features/membership/membership-plans';

const HOME_ITEM_COUNT = 6;

const CATEGORY_TILES = [
  {
    title: 'Live Seminars',
    to: '/courses?type=live_seminar',
    text: 'Two-day, in-person workshops with hands-on case studies and direct access to the instructor.',
    icon: (
      <path d="M4 20V9l8-5 8 5v11M9 20v-6h6v6M2 20h20" />
    ),
  },
  {
    title: 'Webinars',
    to: '/courses?type=webinar',
    text: 'Focused 60 to 90 minute online sessions on the regulations and guidance that changed this year.',
    icon: (
      <>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4M10 8.5v4l3.5-2z" />
      </>
    ),
  },
  {
    title: 'Membership',
    to: '/membership',
    text: 'PRIME and BUSINESS plans with discounts, certificates and priority support all year long.',
    icon: (
      <>
        <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </>
    ),
  },
  {
    title: 'Recorded Webinars',
    to: '/courses?type=recorded_webinar',
    text: 'Learn at your own pace with lifetime access to recordings, handouts and a certificate.',
    icon: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M10 8.5v7l6-3.5z" />
      </>
    ),
  },
] as const;

const HIGHLIGHTS = [
  { value: 'Since 2012', label: 'training regulated industries' },
  { value: '8 sectors', label: 'from life sciences to aerospace' },
  { value: 'Canada & India', label: 'offices serving learners worldwide' },
] as const;

const COURSE_INCLUDES = [
  'Instructors with hands-on regulatory and inspection experience',
  'Live Q&A, or lifetime access for recordings',
  'Course handouts and reference material',
  'Certificate of attendance for your training records',
] as const;

const SECTION_WIDTH = '80rem';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column' },
  container: { width: '100%', maxWidth: SECTION_WIDTH, margin: '0 auto', padding: `0 ${tokens.spacingHorizontalXL}` },

  hero: {
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: BRAND_TEAL,
    backgroundImage: `linear-gradient(135deg, ${BRAND_TEAL} 0%, ${BRAND_TEAL} 45%, ${tokens.colorNeutralForeground1} 140%)`,
    padding: `clamp(3rem, 8vw, 6rem) 0`,
  },
  heroGrid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXXL,
    alignItems: 'center',
    '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(18rem, 2fr)' },
  },
  heroInner: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '48rem' },
  heroAside: {
    display: 'none',
    '@media (min-width: 1024px)': { display: 'flex' },
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorBackgroundOverlay,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralForegroundOnBrand}`,
    boxShadow: tokens.shadow28,
  },
  heroAsideTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  heroAsideList: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyle: 'none' },
  heroAsideItem: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', lineHeight: tokens.lineHeightBase400 },
  heroAsideIcon: { flexShrink: 0, marginTop: '2px' },
  eyebrow: {
    alignSelf: 'flex-start',
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralForegroundOnBrand}`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.04em',
  },
  headline: {
    margin: 0,
    fontSize: 'clamp(2rem, 5vw, 3.25rem)',
    lineHeight: 1.15,
    fontWeight: tokens.fontWeightBold,
  },
  intro: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, opacity: 0.92 },
  heroActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalS },
  heroPrimary: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: BRAND_TEAL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralBackground1}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: BRAND_TEAL },
    ':hover:active': { backgroundColor: tokens.colorNeutralBackground1Pressed, color: BRAND_TEAL },
  },
  heroSecondary: {
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForegroundOnBrand,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralForegroundOnBrand}`,
    ':hover': { backgroundColor: tokens.colorBackgroundOverlay, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorBackgroundOverlay, color: tokens.colorNeutralForegroundOnBrand },
  },
  highlights: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: `${tokens.spacingVerticalXL} 0 0`,
    padding: 0,
    listStyle: 'none',
  },
  highlightValue: { display: 'block', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold },
  highlightLabel: { fontSize: tokens.fontSizeBase200, opacity: 0.85 },

  section: { padding: `clamp(2.5rem, 6vw, 4.5rem) 0` },
  sectionAlt: { backgroundColor: tokens.colorNeutralBackground1 },
  sectionHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
  },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  sectionIntro: { margin: `${tokens.spacingVerticalS} 0 0`, maxWidth: '40rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },

  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    height: '100%',
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    transitionProperty: 'box-shadow, transform, border-color',
    transitionDuration: tokens.durationNormal,
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)', ...shorthands.borderColor(BRAND_TEAL) },
  },
  tileIcon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '48px',
    height: '48px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    color: BRAND_TEAL,
  },
  tileTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  tileText: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase300, flexGrow: 1 },
  tileMore: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: BRAND_TEAL, fontWeight: tokens.fontWeightSemibold },

  plans: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
    gap: tokens.spacingHorizontalXL,
    maxWidth: '60rem',
    margin: '0 auto',
    padding: 0,
    listStyle: 'none',
  },
  plan: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
  },
  planPopular: { border: `${tokens.strokeWidthThick} solid ${BRAND_TEAL}`, boxShadow: tokens.shadow16 },
  planBadge: { position: 'absolute', top: `calc(-1 * ${tokens.spacingVerticalM})`, right: tokens.spacingHorizontalXL },
  planName: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold, letterSpacing: '0.08em', color: BRAND_TEAL },
  planAudience: { margin: 0, color: tokens.colorNeutralForeground2 },
  planPrice: { margin: 0, display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalXS },
  planAmount: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold },
  planPeriod: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },
  planNote: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, minHeight: tokens.lineHeightBase200 },
  features: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none', flexGrow: 1 },
  feature: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, lineHeight: tokens.lineHeightBase300 },
  featureIcon: { flexShrink: 0, color: BRAND_TEAL, marginTop: '2px' },
  brandButton: {
    backgroundColor: BRAND_TEAL,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `${tokens.strokeWidthThin} solid ${BRAND_TEAL}`,
    ':hover': { backgroundColor: BRAND_TEAL, color: tokens.colorNeutralForegroundOnBrand, boxShadow: tokens.shadow8 },
    ':hover:active': { backgroundColor: BRAND_TEAL, color: tokens.colorNeutralForegroundOnBrand, boxShadow: 'none' },
  },

  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
    gap: tokens.spacingHorizontalXL,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  gridItem: { display: 'flex', flexDirection: 'column', minWidth: 0, '& > *': { flexGrow: 1 } },
});

function SectionHead({ id, title, intro, action }: { id: string; title: string; intro?: string; action?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.sectionHead}>
      <div>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {intro ? <p className={styles.sectionIntro}>{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

function TileIcon({ children }: { children: ReactNode }) {
  return (
    <svg width={26} height={26} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

function Hero() {
  const styles = useStyles();
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div className={mergeClasses(styles.container, styles.heroGrid)}>
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{TAGLINE}</p>
          <h1 id="home-hero-title" className={styles.headline}>
            Compliance training that keeps life-science teams audit-ready
          </h1>
          <p className={styles.intro}>
            Live seminars, webinars and recorded courses on GMP, FDA and EU regulations, clinical research, medical devices and data
            integrity, taught by practitioners who have led inspections and remediation programs.
          </p>
          <div className={styles.heroActions}>
            <ButtonLink to="/courses?type=live_seminar" size="large" className={styles.heroPrimary}>
              Browse Live Seminars
            </ButtonLink>
            <ButtonLink to="/courses" size="large" className={styles.heroSecondary}>
              View Upcoming Courses
            </ButtonLink>
          </div>
          <ul className={styles.highlights}>
            {HIGHLIGHTS.map((item) => (
              <li key={item.value}>
                <span className={styles.highlightValue}>{item.value}</span>
                <span className={styles.highlightLabel}>{item.label}</span>
              </li>
            ))}
          </ul>
        </div>
        <aside className={styles.heroAside} aria-labelledby="home-hero-aside-title">
          <h2 id="home-hero-aside-title" className={styles.heroAsideTitle}>
            Every course includes
          </h2>
          <ul className={styles.heroAsideList}>
            {COURSE_INCLUDES.map((item) => (
              <li key={item} className={styles.heroAsideItem}>
                <CheckIcon size={20} className={styles.heroAsideIcon} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}

function CategoryTiles() {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="home-categories-title">
      <div className={styles.container}>
        <SectionHead id="home-categories-title" title="Find the right format" intro="Train the way your schedule allows: in the room, live online or on demand." />
        <ul className={styles.tiles}>
          {CATEGORY_TILES.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className={styles.tile}>
                <span className={styles.tileIcon}>
                  <TileIcon>{tile.icon}</TileIcon>
                </span>
                <h3 className={styles.tileTitle}>{tile.title}</h3>
                <p className={styles.tileText}>{tile.text}</p>
                <span className={styles.tileMore} aria-hidden="true">
                  Explore <ArrowRightIcon size={16} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: MembershipPlan }) {
  const styles = useStyles();
  const headingId = `home-plan-${plan.id}`;
  return (
    <article className={mergeClasses(styles.plan, plan.mostPopular && styles.planPopular)} aria-labelledby={headingId}>
      {plan.mostPopular ? (
        <Badge className={styles.planBadge} appearance="filled" color="warning" size="large" shape="rounded">
          {MOST_POPULAR_LABEL}
        </Badge>
      ) : null}
      <h3 id={headingId} className={styles.planName}>
        {plan.name}
      </h3>
      <p className={styles.planAudience}>{plan.audience}</p>
      <p className={styles.planPrice}>
        <span className={styles.planAmount}>{plan.price}</span>
        <span className={styles.planPeriod}>{plan.period}</span>
      </p>
      <p className={styles.planNote}>{plan.priceNote ?? 'One annual payment'}</p>
      <ul className={styles.features} aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.feature}>
            <CheckIcon size={18} className={styles.featureIcon} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <ButtonLink
        to="/membership"
        size="large"
        appearance={plan.mostPopular ? 'primary' : 'secondary'}
        className={plan.mostPopular ? styles.brandButton : undefined}
      >
        {`Choose ${plan.name}`}
      </ButtonLink>
    </article>
  );
}

function MembershipSection() {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.section, styles.sectionAlt)} aria-labelledby="home-membership-title">
      <div className={styles.container}>
        <SectionHead
          id="home-membership-title"
          title="Membership Plans"
          intro="Save on every course all year, with certificates and priority support for you or your whole team."
        />
        <ul className={styles.plans}>
          {MEMBERSHIP_PLANS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CardGrid({ label, children }: { label: string; children: ReactNode[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {children.map((child, index) => (
        <li key={index} className={styles.gridItem}>
          {child}
        </li>
      ))}
    </ul>
  );
}

function ExpertsSection() {
  const styles = useStyles();
  const { data, isPending, isError, error, refetch } = useInstructors();
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
            <CardGrid label="Loading experts">{Array.from({ length: HOME_ITEM_COUNT }, (_, index) => <InstructorCardSkeleton key={index} />)}</CardGrid>
          </div>
        ) : isError ? (
          <LoadError error={error} what="experts" onRetry={() => void refetch()} />
        ) : (
          <CardGrid label="Experts">
            {data.slice(0, HOME_ITEM_COUNT).map((instructor) => (
              <InstructorCard key={instructor.id} instructor={instructor} />
            ))}
          </CardGrid>
        )}
      </div>
    </section>
  );
}

function FeaturedCoursesSection() {
  const styles = useStyles();
  const { data, isPending, isError, error, refetch } = useCourses({});
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
            <CardGrid label="Loading featured courses">{Array.from({ length: HOME_ITEM_COUNT }, (_, index) => <CourseCardSkeleton key={index} />)}</CardGrid>
          </div>
        ) : isError ? (
          <LoadError error={error} what="courses" onRetry={() => void refetch()} />
        ) : (
          <CardGrid label="Featured courses">
            {data.slice(0, HOME_ITEM_COUNT).map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </CardGrid>
        )}
      </div>
    </section>
  );
}

export default function HomePage() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Hero />
      <CategoryTiles />
      <MembershipSection />
      <ExpertsSection />
      <FeaturedCoursesSection />
    </div>
  );
}
