/**
 * The account corner of the header (storefront spec §2, §6). Signed out: "Login" and "Sign Up".
 * Signed in: a menu with My Profile, My Training (issue 29), My Team (issue 33), Admin Dashboard (admins only) and Logout. The "Admin" nav
 * link is rendered only for admins.
 */
import { admits } from '@contracts/access';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../session/use-auth';
import type { AccountMenuProps } from './header-popups';
import { AccountTrigger } from './header-triggers';
import { ButtonLink } from './button-link';
import { useEarlyUse, useHeaderPopups } from './use-header-popups';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  drawer: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS, width: '100%' },
  drawerSignedIn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '100%' },
  // Fluent's Text at its defaults, drawn here: its component (and every variant's styles) is not part of the first load.
  who: {
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightRegular,
    textAlign: 'start',
    color: tokens.colorNeutralForeground2,
  },
});

export interface HeaderAccountProps {
  /** "bar": inline in the desktop header; "drawer": full-width buttons in the mobile menu. */
  layout?: 'bar' | 'drawer';
  className?: string;
  onNavigate?: () => void;
}

export function HeaderAccount({ layout = 'bar', className, onNavigate }: HeaderAccountProps) {
  const styles = useStyles();
  const { user, logout } = useAuth();
  const navigate = useNavigate();

  if (!user) {
    return (
      <div className={mergeClasses(layout === 'bar' ? styles.bar : styles.drawer, className)}>
        <ButtonLink to="/login" appearance={layout === 'bar' ? 'subtle' : 'secondary'} onNavigate={onNavigate}>
          Login
        </ButtonLink>
        <ButtonLink to="/register" appearance="primary" onNavigate={onNavigate}>
          Sign Up
        </ButtonLink>
      </div>
    );
  }

  const go = (to: string) => {
    onNavigate?.();
    navigate(to);
  };
  const signOut = async () => {
    onNavigate?.();
    await logout();
    navigate('/');
  };

  if (layout === 'drawer') {
    return (
      <div className={mergeClasses(styles.drawerSignedIn, className)}>
        <span className={styles.who}>Signed in as {user.name}</span>
        <ButtonLink to="/profile" appearance="secondary" onNavigate={onNavigate}>
          My Profile
        </ButtonLink>
        <ButtonLink to="/learn" appearance="secondary" onNavigate={onNavigate}>
          My Training
        </ButtonLink>
        <ButtonLink to="/team" appearance="secondary" onNavigate={onNavigate}>
          My Team
        </ButtonLink>
        {admits('admin', user.role) ? (
          <ButtonLink to="/admin/dashboard" appearance="secondary" onNavigate={onNavigate}>
            Admin Dashboard
          </ButtonLink>
        ) : null}
        <Button onClick={() => void signOut()}>Logout</Button>
      </div>
    );
  }

  return (
    <div className={mergeClasses(styles.bar, className)}>
      <AccountMenuOrStandIn
        name={user.name}
        isAdmin={admits('admin', user.role)}
        onProfile={() => go('/profile')}
        onTraining={() => go('/learn')}
        onTeam={() => go('/team')}
        onAdmin={() => go('/admin/dashboard')}
        onLogout={() => void signOut()}
      />
    </div>
  );
}

function AccountMenuOrStandIn(props: Omit<AccountMenuProps, 'defaultOpen' | 'focusOnMount'>) {
  const [early, handlers] = useEarlyUse();
  const popups = useHeaderPopups(early);
  if (popups) return <popups.AccountMenu {...props} defaultOpen={early.open} focusOnMount={early.focused} />;
  return <AccountTrigger name={props.name} aria-haspopup="menu" aria-expanded={false} {...handlers} />;
}

export const ADMIN_LINK = { label: 'Admin', to: '/admin/dashboard' } as const;

export interface HeaderAdminLinkProps {
  /** Renders the link in the caller's layout (desktop nav or mobile menu). */
  render: (link: typeof ADMIN_LINK) => ReactNode;
}

/** The header's "Admin" link, shown only to admins (spec §2, §6). */
export function HeaderAdminLink({ render }: HeaderAdminLinkProps): ReactNode {
  const { user } = useAuth();
  return admits('admin', user?.role) ? render(ADMIN_LINK) : null;
}
