/**
 * The back office's layout (back-office spec §2): a sidebar with the screens the signed-in person
 * may enter (a contributor sees no admin-only link, nor a screen their permissions do not open),
 * their name labelled with their role, and Logout (ends the session, back to /). On narrow screens
 * the sidebar becomes a strip above the page. A screen that fails to load shows its error beside it.
 * The links come from the one table of screens (admin-screens.ts), in its order.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { allows } from '@contracts/access';
import { LogoutButton } from '@pwa/components/admin/logout-button';
import { SyncStatus } from '@pwa/components/admin/sync-status';
import { ErrorBoundary } from '@pwa/components/error-boundary';
import { PageLoading } from '@pwa/components/page-loading';
import { useAuth } from '@pwa/session/use-auth';
import { ROLE_LABELS } from '@pwa/features/admin-people/components/people-labels';
import { ADMIN_SCREENS } from './admin-screens';

const useStyles = makeStyles({
  layout: {
    width: '100%',
    maxWidth: '90rem',
    margin: '0 auto',
    padding: `clamp(1rem, 3vw, 2rem) ${tokens.spacingHorizontalL}`,
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 960px)': { gridTemplateColumns: '15rem minmax(0, 1fr)' },
  },
  sidebar: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    alignSelf: 'start',
  },
  links: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    gap: tokens.spacingVerticalXXS,
    flexDirection: 'row',
    flexWrap: 'wrap',
    '@media (min-width: 960px)': { flexDirection: 'column' },
  },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold },
  who: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
  },
  role: { color: tokens.colorNeutralForeground2 },
});

export function AdminLayout() {
  const styles = useStyles();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const screens = ADMIN_SCREENS.filter((screen) => allows(screen.rule, user));
  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <nav aria-label="Back office">
          <ul className={styles.links}>
            {screens.map((screen) => (
              <li key={screen.path}>
                <NavLink to={screen.path} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.who}>
          <Text weight="semibold">{user?.name}</Text>
          <Text className={styles.role}>{ROLE_LABELS[user?.role ?? 'contributor']}</Text>
          <SyncStatus />
          <LogoutButton />
        </div>
      </aside>
      <div>
        {/* A screen that fails says so here, the sidebar stays; opening another screen clears it. */}
        <ErrorBoundary title="This screen could not be loaded" headingLevel="h1" resetKeys={[pathname]}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </div>
    </div>
  );
}
