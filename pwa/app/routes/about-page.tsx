/** About (storefront spec §1, §2 static pages): who the institute is and whom it serves. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { BRAND_TEAL, TAGLINE } from '../../components/layout/brand';
import { ContentPage, useProseStyles } from '../../components/layout/content-page';
import { ButtonLink } from '../../components/layout/router-links';

const INDUSTRIES = ['Life sciences', 'Healthcare', 'IT', 'Trade and logistics', 'Banking and finance', 'Aerospace', 'HR', 'Quality and regulatory'] as const;

const VALUES = [
  {
    title: 'Practitioners, not presenters',
    text: 'Every instructor has run audits, answered regulators or built quality systems. Sessions are grounded in what inspectors actually ask for.',
  },
  {
    title: 'Current, not generic',
    text: 'Content is reviewed whenever a regulation, guidance or standard changes, so what you learn on Monday still holds at your next inspection.',
  },
  {
    title: 'Formats that fit',
    text: 'Two-day live seminars, focused webinars and on-demand recordings, with certificates of attendance for your training records.',
  },
] as const;

const useStyles = makeStyles({
  layout: { display: 'grid', gap: tokens.spacingHorizontalXXXL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))', alignItems: 'start' },
  industries: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  industry: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    borderLeft: `${tokens.strokeWidthThicker} solid ${BRAND_TEAL}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  values: { display: 'grid', gap: tokens.spacingVerticalL, margin: `${tokens.spacingVerticalXXL} 0 0`, padding: 0, listStyle: 'none' },
  valueTitle: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  valueText: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXL },
  sideTitle: { margin: `0 0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

export default function AboutPage() {
  const styles = useStyles();
  const prose = useProseStyles();
  return (
    <ContentPage
      title="About LifeScience Academy"
      eyebrow={TAGLINE}
      intro="A leading institute for life-science training in regulatory compliance and industry excellence."
    >
      <div className={styles.layout}>
        <div className={prose.prose}>
          <h2>Our story</h2>
          <p>
            LifeScience Academy was founded in 2012 by quality and regulatory professionals who saw the same problem in every audit room: capable teams caught
            out by requirements that had changed since their last training. We set out to make expert, up-to-date compliance training easy to find and easy to
            fit into a working week.
          </p>
          <p>
            Today professionals from manufacturers, laboratories, hospitals, software vendors and service providers learn with us every month through live
            seminars, live webinars, recorded courses and webinar packs, and organizations of every size train their staff through our PRIME and BUSINESS
            memberships.
          </p>
          <h2>Where we work</h2>
          <p>
            We have offices in Canada and India. Our head office in Canada runs our North American seminars and instructor network; our branch in India supports
            learners and corporate clients across Asia, the Middle East and Europe.
          </p>
          <ul className={styles.values}>
            {VALUES.map((value) => (
              <li key={value.title}>
                <h3 className={styles.valueTitle}>{value.title}</h3>
                <p className={styles.valueText}>{value.text}</p>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <ButtonLink to="/courses" appearance="primary" size="large">
              Explore Courses
            </ButtonLink>
            <ButtonLink to="/contact" size="large">
              Contact Us
            </ButtonLink>
          </div>
        </div>
        <aside aria-labelledby="about-industries">
          <h2 id="about-industries" className={styles.sideTitle}>
            Industries we serve
          </h2>
          <ul className={styles.industries}>
            {INDUSTRIES.map((industry) => (
              <li key={industry} className={styles.industry}>
                {industry}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </ContentPage>
  );
}
