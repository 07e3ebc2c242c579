/**
 * The tabs of a course editor: "Details" (the editor's own form, given as `children`) and
 * "Content" (the course's modules and lessons, `ContentTab`). Composed around every course editor
 * by its page in app/ (the catalogue feature does not know this one). A course not created yet has
 * only its details. The details stay mounted while Content shows, so nothing typed there is lost;
 * the Content tab mounts when first chosen, outside the editor's form.
 */
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { ContentTab } from './content-tab';
import type { HeadingLevel } from './content-styles';

const useStyles = makeStyles({
  tabs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  list: { flexWrap: 'wrap' },
  padded: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL} 0` },
  contentPadded: { padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXL}` },
});

type EditorTab = 'details' | 'content';

export function CourseEditorTabs({
  courseId,
  headingLevel = 2,
  padded = false,
  children,
}: {
  /** The course being edited; none for a new one (details only). */
  courseId?: string;
  /** The Content tab's heading level: 2 under a page's h1, 3 inside a dialog (its title is an h2), 1 in the full-screen editor (its h1 is in the details). */
  headingLevel?: HeadingLevel;
  /** Padding of its own (the full-screen editor has no page frame around it). */
  padded?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  const [tab, setTab] = useState<EditorTab>('details');
  const [contentOpened, setContentOpened] = useState(false);
  if (!courseId) return <>{children}</>;
  const id = (name: EditorTab) => `course-${courseId}-${name}`;
  return (
    <div className={styles.tabs}>
      <div className={padded ? styles.padded : undefined}>
        <TabList
          className={styles.list}
          selectedValue={tab}
          aria-label="Course editor"
          onTabSelect={(_event, data) => {
            const next = data.value as EditorTab;
            if (next === 'content') setContentOpened(true);
            setTab(next);
          }}
        >
          <Tab id={id('details')} value="details" aria-controls={`${id('details')}-panel`}>
            Details
          </Tab>
          <Tab id={id('content')} value="content" aria-controls={contentOpened ? `${id('content')}-panel` : undefined}>
            Content
          </Tab>
        </TabList>
      </div>
      <div id={`${id('details')}-panel`} role="tabpanel" aria-labelledby={id('details')} hidden={tab !== 'details'}>
        {children}
      </div>
      {contentOpened ? (
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
    </div>
  );
}
