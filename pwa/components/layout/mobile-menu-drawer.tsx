/**
 * The mobile menu's drawer: the same links as the desktop header and its own search box (same
 * rules as the header search). Loaded the first time the menu opens, so drawer code stays out
 * of the first load.
 */
import { Button, Divider, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { BRAND_TEAL } from './brand';
import { HeaderAccount, HeaderAdminLink } from './header-account';
import { DismissIcon } from '../icons';
import { COURSE_LINKS, MAIN_LINKS, type NavItem } from './nav-links';
import { SiteSearch } from './site-search';

const useStyles = makeStyles({
  drawer: { '--fui-Drawer--size': 'min(20rem, 90vw)' } as Record<string, string>,
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingBottom: tokens.spacingVerticalL },
  groupTitle: {
    margin: `0 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase400,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    '&[aria-current="page"]': { color: BRAND_TEAL, fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  },
});

export function MobileMenuDrawer({ id, open, onOpenChange }: { id: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const styles = useStyles();
  const titleId = useId();
  const close = () => onOpenChange(false);

  const renderLink = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} className={styles.link} onClick={close}>
        {item.label}
      </NavLink>
    </li>
  );

  return (
    <OverlayDrawer id={id} className={styles.drawer} position="start" open={open} onOpenChange={(_, data) => onOpenChange(data.open)} aria-labelledby={titleId}>
      <DrawerHeader>
        <DrawerHeaderTitle heading={{ id: titleId }} action={<Button appearance="subtle" aria-label="Close menu" icon={<DismissIcon />} onClick={close} />}>
          Menu
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <SiteSearch onSearched={close} />
        <nav aria-label="Mobile">
          <h3 className={styles.groupTitle} id={`${titleId}-courses`}>
            Courses
          </h3>
          <ul className={styles.list} aria-labelledby={`${titleId}-courses`}>
            {COURSE_LINKS.map(renderLink)}
          </ul>
          <Divider />
          <ul className={styles.list}>
            {MAIN_LINKS.map(renderLink)}
            <HeaderAdminLink render={renderLink} />
          </ul>
        </nav>
      </DrawerBody>
      <DrawerFooter>
        <HeaderAccount layout="drawer" onNavigate={close} />
      </DrawerFooter>
    </OverlayDrawer>
  );
}
