/** The marketing sections of /membership: feature cards and the FAQ (Fluent Accordion). */
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { CertificateIcon, SupportIcon, TagIcon, TeamIcon } from '@pwa/components/icons';
import { MEMBERSHIP_FAQ, MEMBERSHIP_FEATURES, type MembershipFeatureIcon } from './membership-content';

const ICONS: Record<MembershipFeatureIcon, ReactElement> = {
  tag: <TagIcon size={24} />,
  certificate: <CertificateIcon size={24} />,
  team: <TeamIcon size={24} />,
  support: <SupportIcon size={24} />,
};

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  heading: { margin: 0, fontSize: 'clamp(1.5rem, 3vw, 2rem)', lineHeight: 1.25, fontWeight: tokens.fontWeightBold, textAlign: 'center' },
  lead: {
    margin: `calc(-1 * ${tokens.spacingVerticalM}) auto 0`,
    maxWidth: '40rem',
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
  },
  feature: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  icon: {
    display: 'grid',
    placeItems: 'center',
    width: '3rem',
    height: '3rem',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  featureTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  featureText: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase300 },
  faq: {
    width: '100%',
    maxWidth: '48rem',
    margin: '0 auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingVerticalS,
  },
  item: { ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` } },
  question: {
    height: 'auto',
    minHeight: '3rem',
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  answer: { margin: 0, paddingBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
});

export function MembershipFeatures() {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="membership-features-title">
      <h2 className={styles.heading} id="membership-features-title">
        What members get
      </h2>
      <p className={styles.lead}>One membership covers the training your role demands, year-round, in the formats that fit your schedule.</p>
      <ul className={styles.grid}>
        {MEMBERSHIP_FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.icon}>{ICONS[feature.icon]}</span>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.featureText}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MembershipFaq() {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="membership-faq-title">
      <h2 className={styles.heading} id="membership-faq-title">
        Frequently asked questions
      </h2>
      <Accordion className={styles.faq} collapsible>
        {MEMBERSHIP_FAQ.map((entry, index) => (
          <AccordionItem key={entry.question} value={index} className={styles.item}>
            <AccordionHeader as="h3" size="large" button={{ className: styles.question }}>
              {entry.question}
            </AccordionHeader>
            <AccordionPanel>
              <p className={styles.answer}>{entry.answer}</p>
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
