/**
 * The fallback while a page's chunk or data loads: a spinning ring and its label, announced as a
 * status. Drawn with CSS rather than Fluent's Spinner, which would otherwise be a chunk of its own
 * in the first load of every page (2.7 KiB gzip) only for this.
 */
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXXL,
    color: tokens.colorNeutralForeground2,
  },
  ring: {
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    border: `3px solid ${tokens.colorNeutralStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.9s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
  },
});

export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status">
      <span className={styles.ring} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
