/** The hero of /membership (storefront spec §2 Membership): the pitch and three points of proof. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { CheckIcon } from '@pwa/components/icons';
import { BRAND_TEAL } from '@pwa/components/layout/brand';

const useStyles = makeStyles({
  hero: {
    backgroundImage: `linear-gradient(160deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: `clamp(2.5rem, 7vw, 5rem) 0 clamp(2rem, 5vw, 3.5rem)`,
    textAlign: 'center',
  },
  inner: { width: '100%', maxWidth: '72rem', margin: '0 auto', padding: `0 ${tokens.spacingHorizontalXL}` },
  eyebrow: {
    margin: 0,
    color: BRAND_TEAL,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    fontSize: tokens.fontSizeBase200,
  },
  title: {
    margin: `${tokens.spacingVerticalS} auto 0`,
    maxWidth: '46rem',
    fontSize: 'clamp(2rem, 5vw, 3rem)',
    lineHeight: 1.15,
    fontWeight: tokens.fontWeightBold,
  },
  intro: {
    margin: `${tokens.spacingVerticalL} auto 0`,
    maxWidth: '42rem',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
  },
  proof: {
    listStyleType: 'none',
    margin: `${tokens.spacingVerticalXL} 0 0`,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    color: tokens.colorNeutralForeground2,
  },
  proofItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  proofIcon: { color: tokens.colorPaletteGreenForeground1 },
});

const HERO_POINTS = ['Founded in 2012', 'Certificates of attendance', 'Offices in Canada and India'] as const;

export function MembershipHero() {
  const styles = useStyles();
  return (
    <header className={styles.hero}>
      <div className={styles.inner}>
        <p className={styles.eyebrow}>Membership</p>
        <h1 className={styles.title}>Stay inspection-ready all year</h1>
        <p className={styles.intro}>
          One annual membership for quality, regulatory and clinical professionals: member pricing on seminars and webinars, certificates for your training
          file, and support from people who know GxP.
        </p>
        <ul className={styles.proof}>
          {HERO_POINTS.map((point) => (
            <li key={point} className={styles.proofItem}>
              <CheckIcon size={16} className={styles.proofIcon} />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
