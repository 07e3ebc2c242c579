/**
 * The tabs of a course editor: "Details" (the editor's own form, given as `children`) and
 * "Content" (the course's modules and lessons, `ContentTab`). Composed around every course editor
 * by its page in app/ (the catalogue feature does not know this one). A course not created yet has
 * only its details. The details stay mounted while Content shows, so nothing typed there is lost;
 * the Content tab mounts when first chosen, outside the editor's form. A page may add tabs of its
 * own after these (`more`: the Attendance tab of live courses), mounted the same way.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ContentTab } from './content-tab';
import type { HeadingLevel } from './content-styles';

const useStyles = makeStyles({
  tabs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  padded: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL} 0` },
  contentPadded: { padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXL}` },
  tab: {
    appearance: 'none',
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    font: 'inherit',
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThicker} solid transparent`,
    marginBottom: `calc(-1 * ${tokens.strokeWidthThin})`,
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  selected: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, borderBottomColor: tokens.colorCompoundBrandStroke },
});

/** A tab a page adds: its name (in ids), its label, and its panel (mounted when first chosen). */
export interface MoreTab {
  name: string;
  label: string;
  panel: ReactNode;
}

export function CourseEditorTabs({
  courseId,
  headingLevel = 2,
  padded = false,
  more = [],
  children,
}: {
  /** The course being edited; none for a new one (details only). */
  courseId?: string;
  /** The Content tab's heading level: 2 under a page's h1, 3 inside a dialog (its title is an h2), 1 in the full-screen editor (its h1 is in the details). */
  headingLevel?: HeadingLevel;
  /** Padding of its own (the full-screen editor has no page frame around it). */
  padded?: boolean;
  /** Tabs after Content. */
  more?: MoreTab[];
  children: ReactNode;
}) {
  const styles = useStyles();
  const [tab, setTab] = useState('details');
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(['details']));
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  if (!courseId) return <>{children}</>;
  const TABS = ['details', 'content', ...more.map((m) => m.name)];
  const labels: Record<string, string> = { details: 'Details', content: 'Content', ...Object.fromEntries(more.map((m) => [m.name, m.label])) };
  const choose = (name: string) => {
    if (!opened.has(name)) setOpened(new Set([...opened, name]));
    setTab(name);
  };
  // Arrows (and Home, End) move to the other tab and choose it.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + TABS.length) % TABS.length;
    choose(TABS[next]!);
    buttons.current[next]?.focus();
  };
  const id = (name: string) => `course-${courseId}-${name}`;
  return (
    <div className={styles.tabs}>
      <div className={padded ? styles.padded : undefined}>
        {/* Plain tabs (ARIA's pattern: arrows move between them, the chosen one is the tab stop), not Fluent's TabList, whose focus sentinels are focusable elements hidden from assistive technology. */}
        <div role="tablist" aria-label="Course editor" className={styles.list}>
          {TABS.map((name, i) => (
            <button
              key={name}
              ref={(element) => {
                buttons.current[i] = element;
              }}
              type="button"
              role="tab"
              id={id(name)}
              aria-selected={tab === name}
              aria-controls={opened.has(name) ? `${id(name)}-panel` : undefined}
              tabIndex={tab === name ? 0 : -1}
              className={mergeClasses(styles.tab, tab === name && styles.selected)}
              onClick={() => choose(name)}
              onKeyDown={onKeyDown}
            >
              {labels[name]}
            </button>
          ))}
        </div>
      </div>
      <div id={`${id('details')}-panel`} role="tabpanel" aria-labelledby={id('details')} hidden={tab !== 'details'}>
        {children}
      </div>
      {opened.has('content') ? (
        <div
          id={`${id('content')}-panel`}
          role="tabpanel"
          aria-labelledby={id('content')}
          hidden={tab !== 'content'}
          className={padded ? styles.contentPadded : undefined}
        >
          <ContentTab courseId={courseId} headingLevel={headingLevel} />
        </div>
      ) : null}
      {more.map((m) =>
        opened.has(m.name) ? (
          <div
            key={m.name}
            id={`${id(m.name)}-panel`}
            role="tabpanel"
            aria-labelledby={id(m.name)}
            hidden={tab !== m.name}
            className={padded ? styles.contentPadded : undefined}
          >
            {m.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
