/**
 * /learn, My Training: every course the signed-in person may use (bought, with a membership,
 * granted), newest first, each with its progress and Continue; an empty library points to the
 * catalogue. Below, what the app composes there (the person's certificates).
 */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import type { LibraryItem } from '@contracts/learning';
import { EmptyState } from '@pwa/components/empty-state';
import { ButtonLink, TextLink } from '@pwa/components/layout/router-links';
import { useLibrary } from '../api/get-library';
import { useDeviceSync } from '../hooks/use-device-sync';
import { DOWNLOADS_PATH } from './download-button';
import { LibraryCard } from './library-card';
import { LearningLoadError } from './learning-load-error';
import { useLearningStyles } from './learning-styles';

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(min(18rem, 100%), 1fr))' },
});

/** `below`: what the page shows under the courses, given them (the app puts the certificates there). */
export function MyTrainingScreen({ viewer, below }: { viewer: string; below?: (library: LibraryItem[]) => ReactNode }) {
  const page = useLearningStyles();
  const styles = useStyles();
  const library = useLibrary(viewer);
  useDeviceSync();

  useEffect(() => {
    const previous = document.title;
    document.title = 'My Training | LifeScience Academy';
    return () => {
      document.title = previous;
    };
  }, []);

  let content;
  if (library.isPending) {
    content = (
      <div className={page.center}>
        <Spinner label="Loading your training…" />
      </div>
    );
  } else if (library.isError) {
    content = <LearningLoadError error={library.error} what="training" onRetry={() => void library.refetch()} />;
  } else if (library.data.length === 0) {
    content = (
      <EmptyState
        title="No courses yet"
        description="Courses you buy, or that come with your membership, appear here."
        action={
          <ButtonLink to="/courses" appearance="primary">
            Browse Courses
          </ButtonLink>
        }
      />
    );
  } else {
    content = (
      <div className={styles.grid} role="list" aria-label="My courses">
        {library.data.map((item) => (
          <LibraryCard key={item.courseId} item={item} viewer={viewer} />
        ))}
      </div>
    );
  }

  return (
    <div className={page.page}>
      <h1 className={page.title}>My Training</h1>
      <TextLink to={DOWNLOADS_PATH}>Downloads on this device</TextLink>
      {content}
      {library.data && library.data.length > 0 ? below?.(library.data) : null}
    </div>
  );
}
