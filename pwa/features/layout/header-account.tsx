/**
 * The account corner of the header. Signed out (the only state until authentication lands):
 * "Login" and "Sign Up". The authentication issue fills in the signed-in menu here (My Profile,
 * Admin Dashboard for admins, Logout) and `HeaderAdminLink`, so the header itself stays as is.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ButtonLink } from './router-links';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  drawer: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS, width: '100%' },
});

export interface HeaderAccountProps {
  /** "bar": inline in the desktop header; "drawer": full-width buttons in the mobile menu. */
  layout?: 'bar' | 'drawer';
  className?: string;
  onNavigate?: () => void;
}

export function HeaderAccount({ layout = 'bar', className, onNavigate }: HeaderAccountProps) {
  const styles = useStyles();
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

export const ADMIN_LINK = { label: 'Admin', to: '/admin/dashboard' } as const;

export interface HeaderAdminLinkProps {
  /** Renders the link in the caller's layout (desktop nav or mobile menu). */
  render: (link: typeof ADMIN_LINK) => ReactNode;
}

/** The header's "Admin" link, shown only to admins (spec §2, §6). Nobody can sign in yet. */
export function HeaderAdminLink({ render }: HeaderAdminLinkProps): ReactNode {
  const isAdmin = useIsAdmin();
  return isAdmin ? render(ADMIN_LINK) : null;
}

/** Placeholder until the authentication issue provides the signed-in user. */
function useIsAdmin(): boolean {
  return false;
}
