/**
 * The shared header (storefront spec §2): logo, a "Courses" dropdown and the main links, the
 * course search, the cart button and the account corner. Below 768px the links, search and
 * account move into the mobile menu.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND_TEAL, PRODUCT_NAME } from './brand';
import { CartButton } from './cart-button';
import { HeaderAccount, HeaderAdminLink } from './header-account';
import { CoursesTrigger } from './header-triggers';
import { MobileMenu } from './mobile-menu';
import { COURSE_LINKS, MAIN_LINKS, type NavItem } from './nav-links';
import { SiteSearch } from './site-search';
import { useEarlyUse, useHeaderPopups } from './use-header-popups';

const WIDE = '@media (min-width: 1100px)';
const MEDIUM = '@media (min-width: 768px) and (max-width: 1099.98px)';
const NARROW = '@media (max-width: 767.98px)';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 100,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  inner: {
    maxWidth: '80rem',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    display: 'grid',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    [WIDE]: {
      gridTemplateColumns: 'auto auto minmax(12rem, 1fr) auto',
      gridTemplateAreas: '"brand nav search actions"',
    },
    [MEDIUM]: {
      gridTemplateColumns: 'auto 1fr auto',
      gridTemplateAreas: '"brand nav actions" "search search search"',
    },
    [NARROW]: {
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      columnGap: tokens.spacingHorizontalXS,
      gridTemplateColumns: 'auto 1fr auto',
      gridTemplateAreas: '"menu brand actions"',
    },
  },
  menuButton: { gridArea: 'menu', [WIDE]: { display: 'none' }, [MEDIUM]: { display: 'none' } },
  brand: {
    gridArea: 'brand',
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  brandMark: { width: '36px', height: '36px', flexShrink: 0 },
  brandText: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    // Tablet widths keep just the mark (the link keeps its accessible name).
    '@media (min-width: 768px) and (max-width: 999.98px)': { display: 'none' },
  },
  brandName: {
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightBold,
    color: BRAND_TEAL,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  brandSub: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    [NARROW]: { display: 'none' },
  },
  nav: {
    gridArea: 'nav',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    [NARROW]: { display: 'none' },
  },
  navList: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, listStyle: 'none', margin: 0, padding: 0 },
  navLink: {
    display: 'inline-flex',
    alignItems: 'center',
    height: '32px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    '&[aria-current="page"]': { color: BRAND_TEAL, boxShadow: `inset 0 -2px 0 ${BRAND_TEAL}` },
  },
  search: { gridArea: 'search', [NARROW]: { display: 'none' } },
  actions: { gridArea: 'actions', display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
  account: { [NARROW]: { display: 'none' } },
});

export function CoursesMenu() {
  const { pathname } = useLocation();
  const active = COURSE_LINKS.some((item) => item.to === pathname);
  const [early, handlers] = useEarlyUse();
  const popups = useHeaderPopups(early);
  if (popups) return <popups.CoursesMenu links={COURSE_LINKS} active={active} defaultOpen={early.open} focusOnMount={early.focused} />;
  // The stand-in until the menu's code arrives (just after the first paint).
  return <CoursesTrigger active={active} aria-haspopup="menu" aria-expanded={false} {...handlers} />;
}

export function SiteHeader() {
  const styles = useStyles();
  const renderNavLink = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} className={styles.navLink}>
        {item.label}
      </NavLink>
    </li>
  );
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <MobileMenu className={styles.menuButton} />
        {/* Named by its visible text (WCAG 2.5.3: the name contains what is seen). */}
        <Link to="/" className={styles.brand}>
          <img src="/favicon.svg" alt="" className={styles.brandMark} width={36} height={36} />
          <span className={styles.brandText}>
            <span className={styles.brandName}>{PRODUCT_NAME}</span>
            <span className={styles.brandSub}>Compliance training</span>
          </span>
        </Link>
        <nav className={styles.nav} aria-label="Main">
          <CoursesMenu />
          <ul className={styles.navList}>
            {MAIN_LINKS.map(renderNavLink)}
            <HeaderAdminLink render={renderNavLink} />
          </ul>
        </nav>
        <SiteSearch className={styles.search} />
        <div className={styles.actions}>
          <CartButton />
          <HeaderAccount className={styles.account} />
        </div>
      </div>
    </header>
  );
}
