/**
 * The frame every course listing shares: a page header (eyebrow, heading, intro), a filter bar
 * with an optional clear button, the live "{n} … found" count, and the results below.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { DismissIcon } from '@pwa/components/icons';
import { visuallyHidden } from '@pwa/components/visually-hidden';

export const useListingStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flexGrow: 1, width: '100%' },
  header: {
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 100%)`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  inner: {
    width: '100%',
    maxWidth: '1280px',
    marginLeft: 'auto',
    marginRight: 'auto',
    paddingLeft: tokens.spacingHorizontalXL,
    paddingRight: tokens.spacingHorizontalXL,
    boxSizing: 'border-box',
  },
  headerInner: { paddingTop: tokens.spacingVerticalXXXL, paddingBottom: tokens.spacingVerticalXXL },
  eyebrow: {
    margin: 0,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
  },
  title: {
    margin: `${tokens.spacingVerticalXS} 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    '@media (min-width: 640px)': { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800 },
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  intro: { margin: 0, maxWidth: '48rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  headerExtra: { marginTop: tokens.spacingVerticalM },
  body: {
    paddingTop: tokens.spacingVerticalXL,
    paddingBottom: tokens.spacingVerticalXXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  summary: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, minHeight: '32px' },
  count: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
});

export interface ListingShellProps {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** Under the intro, e.g. a link back to all courses. */
  headerExtra?: ReactNode;
  filters?: ReactNode;
  /** "{n} courses found"; omitted while loading. */
  count?: string;
  showClear?: boolean;
  clearLabel?: string;
  onClear?: () => void;
  children: ReactNode;
}

const useSrOnly = makeStyles({
  hidden: visuallyHidden,
});

export function ListingShell({
  eyebrow,
  title,
  intro,
  headerExtra,
  filters,
  count,
  showClear,
  clearLabel = 'Clear Filters',
  onClear,
  children,
}: ListingShellProps) {
  const styles = useListingStyles();
  const srOnly = useSrOnly();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={`${styles.inner} ${styles.headerInner}`}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          {headerExtra ? <div className={styles.headerExtra}>{headerExtra}</div> : null}
        </div>
      </header>
      <div className={`${styles.inner} ${styles.body}`}>
        {filters ? (
          <section className={styles.toolbar} aria-label="Filters">
            {filters}
          </section>
        ) : null}
        <div className={styles.summary}>
          <p className={styles.count} role="status" aria-live="polite">
            {count ?? ''}
          </p>
          {showClear && onClear ? (
            <Button appearance="secondary" icon={<DismissIcon size={16} />} onClick={onClear}>
              {clearLabel}
            </Button>
          ) : null}
        </div>
        {/* Card titles are h3: this keeps the outline h1 → h2 → h3 for screen-reader users. */}
        <h2 className={srOnly.hidden}>Results</h2>
        {children}
      </div>
    </div>
  );
}
