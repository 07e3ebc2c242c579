/**
 * The home page's hero (storefront spec §2): the tagline, the headline (the page's h1), two calls
 * to action, three highlights and, on wide screens, what every course includes.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckIcon } from '../../components/shell-icons';
import { BRAND_TEAL, TAGLINE } from '../../components/layout/brand';
import { ButtonLink } from '../../components/layout/button-link';
import { useHomeSectionStyles } from '../../components/layout/home-section';

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

const useStyles = makeStyles({
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
});

export function HeroSection() {
  const section = useHomeSectionStyles();
  const styles = useStyles();
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div className={mergeClasses(section.container, styles.heroGrid)}>
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{TAGLINE}</p>
          <h1 id="home-hero-title" className={styles.headline}>
            Compliance training that keeps life-science teams audit-ready
          </h1>
          <p className={styles.intro}>
            Live seminars, webinars and recorded courses on GMP, FDA and EU regulations, clinical research, medical devices and data integrity, taught by
            practitioners who have led inspections and remediation programs.
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
