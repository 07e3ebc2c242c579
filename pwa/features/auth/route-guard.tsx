/**
 * Route guards with the guard screens of both specifications. The server enforces the same
 * rules on every API route; these screens only explain them.
 *  - customer: customers only (/profile)
 *  - contributor: contributors only (/contributor)
 *  - admin: admins only
 *  - staff: admin pages that contributors may also use
 *  - a permission (course-management, …): admins, and the contributors who hold it
 */
import { Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { allows, isPermission, PERMISSION_LABELS, type StaffRule } from '@contracts/access';
import { ButtonLink } from '../../components/layout/router-links';
import { useAuth } from '../../session/use-auth';

export type Guard = Exclude<StaffRule, 'signed_in'>;

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: `clamp(2rem, 6vw, 4rem) ${tokens.spacingHorizontalL}` },
  card: {
    width: '100%',
    maxWidth: '30rem',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    textAlign: 'center',
    alignItems: 'center',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'center' },
});

function GuardScreen({ title, text, hint, children }: { title: string; text?: string; hint?: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Card className={styles.card} role="alert">
        <h1 className={styles.title}>{title}</h1>
        {text ? <Text>{text}</Text> : null}
        {hint ? <Text>{hint}</Text> : null}
        {children ? <div className={styles.actions}>{children}</div> : null}
      </Card>
    </div>
  );
}

export function RequireRole({
  guard,
  children,
  signedOut,
}: {
  guard: Guard;
  children: ReactNode;
  /** Replaces the generic sign-in screen. */ signedOut?: ReactNode;
}) {
  const { user, isLoading } = useAuth();
  const styles = useStyles();

  if (isLoading) {
    return (
      <div className={styles.page}>
        <Spinner label="Checking authentication..." />
      </div>
    );
  }

  if (!user) {
    if (signedOut) return <>{signedOut}</>;
    if (guard === 'admin' || guard === 'staff' || isPermission(guard)) {
      return (
        <GuardScreen title="Admin Access Required" text="You need administrator privileges to access this page">
          <ButtonLink to="/admin/login" appearance="primary">
            Admin Login
          </ButtonLink>
        </GuardScreen>
      );
    }
    if (guard === 'contributor') {
      return (
        <GuardScreen title="Contributor Access Required" text="Please log in with your contributor account to continue.">
          <ButtonLink to="/admin/login" appearance="primary">
            Contributor Login
          </ButtonLink>
        </GuardScreen>
      );
    }
    return (
      <GuardScreen title="Login Required" text="Please log in to continue">
        <ButtonLink to="/login" appearance="primary">
          Customer Login
        </ButtonLink>
      </GuardScreen>
    );
  }

  if (!allows(guard, user)) {
    if (guard === 'customer') {
      return (
        <GuardScreen title="Customer Access Required" text="You need a customer account to access this page.">
          <ButtonLink to="/" appearance="primary">
            Go Home
          </ButtonLink>
        </GuardScreen>
      );
    }
    const text =
      guard === 'contributor' ? "You don't have contributor privileges to access this page." : "You don't have administrator privileges to access this page.";
    // A contributor without the screen's permission is told which one it takes.
    const hint =
      isPermission(guard) && user.role === 'contributor'
        ? `This page needs the ${PERMISSION_LABELS[guard]} permission, which an administrator can grant you.`
        : undefined;
    return (
      <GuardScreen title="Access Denied" text={text} hint={hint}>
        <ButtonLink to="/" appearance="primary">
          Go Home
        </ButtonLink>
        <ButtonLink to="/admin/login">Login</ButtonLink>
      </GuardScreen>
    );
  }

  return <>{children}</>;
}
