/**
 * The frame of every back-office screen: a back link to the dashboard (the contributor's is
 * /contributor: the admin dashboard is not theirs), the page's h1 with an optional description,
 * its primary actions, and the content.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { LANDING_PATHS } from '@contracts/access';
import { TextLink } from '../layout/router-links';
import { useAuth } from '../../session/use-auth';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, fontSize: 'clamp(1.5rem, 3vw, 2rem)' },
  description: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** Where "Back to Dashboard" goes: the signed-in person's own landing page (the admin dashboard is not a contributor's). */
export function useDashboardPath(): string {
  const { user } = useAuth();
  return LANDING_PATHS[user?.role ?? 'contributor'];
}

export function AdminPage({
  title,
  description,
  actions,
  children,
  back,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  const styles = useStyles();
  const dashboard = useDashboardPath();
  const backLink = back ?? { to: dashboard, label: 'Back to Dashboard' };
  return (
    <div className={styles.page}>
      <TextLink to={backLink.to}>← {backLink.label}</TextLink>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {description ? <Text className={styles.description}>{description}</Text> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
