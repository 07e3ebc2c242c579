/** A centred "nothing here" panel with an optional action, used by listings and the detail page. */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { EmptySearchIcon } from '@pwa/components/icons';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
  },
  icon: { color: tokens.colorBrandForeground2 },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  text: { margin: 0, maxWidth: '36rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
});

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  /** Heading level of the title; listings use h2 under their h1. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ title, description, action, icon, headingLevel: Heading = 'h2' }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={title}>
      <span className={styles.icon}>{icon ?? <EmptySearchIcon size={56} />}</span>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.text}>{description}</p> : null}
      {action}
    </section>
  );
}
