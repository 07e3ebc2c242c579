/**
 * The shared footer (storefront spec §2): quick links, type filters on /courses, support topics
 * and social channels (neither has a destination yet, so they are plain text, not links), the
 * tagline and the copyright line, and a notice beside it when the app gives one (the test-mode
 * notice while no real card can be charged).
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, TAGLINE } from './brand';
import { FacebookIcon, LinkedInIcon, XIcon, YouTubeIcon } from '../shell-icons';
import { TYPE_FILTER_LINKS, type NavItem } from './nav-links';

const QUICK_LINKS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'All Courses', to: '/courses' },
  { label: 'Membership', to: '/membership' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
];

/** Support topics without pages yet (spec: they lead nowhere). */
export const SUPPORT_TOPICS = ['Help Center', 'Contact Support', 'Technical Requirements', 'Terms of Service', 'Refund Policy'] as const;

const SOCIAL_CHANNELS: ReadonlyArray<{ name: string; icon: ReactNode }> = [
  { name: 'LinkedIn', icon: <LinkedInIcon /> },
  { name: 'X (Twitter)', icon: <XIcon /> },
  { name: 'Facebook', icon: <FacebookIcon /> },
  { name: 'YouTube', icon: <YouTubeIcon /> },
];

const useStyles = makeStyles({
  footer: {
    marginTop: 'auto',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted2,
  },
  inner: {
    maxWidth: '80rem',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  },
  brandColumn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, gridColumn: 'span 1' },
  brandRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  brandName: { color: tokens.colorNeutralForegroundInverted, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold },
  tagline: { margin: 0, color: tokens.colorNeutralForegroundInverted, fontStyle: 'italic', fontWeight: tokens.fontWeightSemibold },
  blurb: { margin: 0, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase300 },
  heading: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    color: tokens.colorNeutralForegroundInverted,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  link: {
    color: tokens.colorNeutralForegroundInverted2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { color: tokens.colorNeutralForegroundInverted, textDecoration: 'underline' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralForegroundInverted}` },
  },
  plain: { fontSize: tokens.fontSizeBase300, cursor: 'default' },
  social: { listStyle: 'none', margin: `${tokens.spacingVerticalS} 0 0`, padding: 0, display: 'flex', gap: tokens.spacingHorizontalS },
  socialIcon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeAccessible}`,
    color: tokens.colorNeutralForegroundInverted2,
  },
  bottom: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeAccessible}` },
  bottomInner: {
    maxWidth: '80rem',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    fontSize: tokens.fontSizeBase200,
  },
  copyright: { margin: 0 },
});

function LinkColumn({ title, links }: { title: string; links: readonly NavItem[] }) {
  const styles = useStyles();
  return (
    <nav aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.link}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ notice }: { notice?: ReactNode }) {
  const styles = useStyles();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.brandColumn} aria-label={PRODUCT_NAME}>
          <div className={styles.brandRow}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span className={styles.brandName}>{PRODUCT_NAME}</span>
          </div>
          <p className={styles.tagline}>{TAGLINE}</p>
          <p className={styles.blurb}>
            Live seminars, webinars and recorded courses on regulatory compliance for life-science professionals since 2012. Offices in Canada and India.
          </p>
          <ul className={styles.social} aria-label="Follow us (coming soon)">
            {SOCIAL_CHANNELS.map((channel) => (
              <li key={channel.name}>
                <span className={styles.socialIcon} role="img" aria-label={channel.name} title={`${channel.name} (coming soon)`}>
                  {channel.icon}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <LinkColumn title="Quick Links" links={QUICK_LINKS} />
        <LinkColumn title="Browse by Type" links={TYPE_FILTER_LINKS} />
        <section aria-labelledby="footer-support-heading">
          <h2 className={styles.heading} id="footer-support-heading">
            Support
          </h2>
          <ul className={styles.list}>
            {SUPPORT_TOPICS.map((topic) => (
              <li key={topic} className={styles.plain}>
                {topic}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <p className={styles.copyright}>© {year} LifeScience Academy. All rights reserved.</p>
          {notice}
          <span>All prices in US dollars.</span>
        </div>
      </div>
    </footer>
  );
}
