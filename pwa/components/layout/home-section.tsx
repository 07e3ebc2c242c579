/**
 * What the home page and its sections share: the page's column, the centred container, the
 * section band (plain or on the alternate background), the section heading with its intro and
 * optional action, and the card grid the experts and featured courses fill.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** How many experts and featured courses (and skeletons while loading) the home page shows. */
export { HOME_ITEM_COUNT } from '@contracts/home-reads';

const SECTION_WIDTH = '80rem';

export const useHomeSectionStyles = makeStyles({
  /** The page itself: its sections stacked. */
  page: { display: 'flex', flexDirection: 'column' },
  container: { width: '100%', maxWidth: SECTION_WIDTH, margin: '0 auto', padding: `0 ${tokens.spacingHorizontalXL}` },
  section: { padding: `clamp(2.5rem, 6vw, 4.5rem) 0` },
  sectionAlt: { backgroundColor: tokens.colorNeutralBackground1 },

  sectionHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
  },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  sectionIntro: { margin: `${tokens.spacingVerticalS} 0 0`, maxWidth: '40rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },

  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
    gap: tokens.spacingHorizontalXL,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  gridItem: { display: 'flex', flexDirection: 'column', minWidth: 0, '& > *': { flexGrow: 1 } },
});

/** The section's h2 (its `id` labels the section), an optional intro and an action on the right. */
export function SectionHead({ id, title, intro, action }: { id: string; title: string; intro?: string; action?: ReactNode }) {
  const styles = useHomeSectionStyles();
  return (
    <div className={styles.sectionHead}>
      <div>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {intro ? <p className={styles.sectionIntro}>{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A labelled list of cards, one list item each. */
export function CardGrid({ label, children }: { label: string; children: ReactNode[] }) {
  const styles = useHomeSectionStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {children.map((child, index) => (
        <li key={index} className={styles.gridItem}>
          {child}
        </li>
      ))}
    </ul>
  );
}
