/**
 * "Find the right format" (storefront spec §2): four tiles leading to the live seminars, webinars,
 * membership and recorded webinars.
 */
import { makeStyles, shorthands, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon, Icon } from '../../components/shell-icons';
import { BRAND_TEAL } from '../../components/layout/brand';
import { SectionHead, useHomeSectionStyles } from '../../components/layout/home-section';

const CATEGORY_TILES = [
  {
    title: 'Live Seminars',
    to: '/courses?type=live_seminar',
    text: 'Two-day, in-person workshops with hands-on case studies and direct access to the instructor.',
    icon: <path d="M4 20V9l8-5 8 5v11M9 20v-6h6v6M2 20h20" />,
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
    icon: <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
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

const useStyles = makeStyles({
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
});

const TileIcon = ({ children }: { children: ReactNode }) => <Icon size={26}>{children}</Icon>;

export function CategoryTiles() {
  const section = useHomeSectionStyles();
  const styles = useStyles();
  return (
    <section className={section.section} aria-labelledby="home-categories-title">
      <div className={section.container}>
        <SectionHead
          id="home-categories-title"
          title="Find the right format"
          intro="Train the way your schedule allows: in the room, live online or on demand."
        />
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
