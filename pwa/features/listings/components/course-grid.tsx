/**
 * The responsive grid of course cards; N skeleton cards while loading (spec §9: six). A long
 * listing renders 24 cards at a time and a "Show more courses" button adds the next 24, so a
 * catalogue of any size stays quick; the saved tiers of the cards shown are read in one query.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { LISTING_PAGE_SIZE } from '@contracts/catalogue-paths';
import { useSavedTiers } from '@pwa/catalogue/api/saved-tiers';
import { afterNextPaint } from '@pwa/lib/after-first-paint';
import { CourseCard } from '@pwa/catalogue/components/course-card';
import { CourseCardSkeleton } from '@pwa/catalogue/components/course-card-skeleton';

export const LISTING_SKELETON_COUNT = 6;

/**
 * Cards the grid commits at first (two rows on a wide screen, more than a small one shows); the
 * rest of its first page follows right after they have painted. Committing all 24 in one go was
 * one task of about 700 ms at 4× CPU on a cold /courses, and the first cards waited for all of it.
 */
export const FIRST_COMMIT_CARDS = 8;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    '& > *': { flexGrow: 1 },
    // A card out of view is neither laid out nor painted (its last size is kept): each "Show more"
    // then costs the cards in view, not every card shown so far.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 460px',
  },
  more: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, paddingTop: tokens.spacingVerticalXL },
  shown: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
});

export interface CourseGridProps {
  courses?: readonly Course[];
  isLoading?: boolean;
  skeletonCount?: number;
  /** Accessible name of the list. */
  label?: string;
  pageSize?: number;
}

export function CourseGrid({
  courses = [],
  isLoading = false,
  skeletonCount = LISTING_SKELETON_COUNT,
  label = 'Courses',
  pageSize = LISTING_PAGE_SIZE,
}: CourseGridProps) {
  const styles = useStyles();
  const [shownCount, setShownCount] = useState(pageSize);
  // A new list (another filter, another search) starts again at its first page.
  const listKey = useMemo(() => courses.map((course) => course.id).join(','), [courses]);
  const [shownFor, setShownFor] = useState(listKey);
  // Only the grid's first cards: a later list (the whole list after its first page, another
  // filter) keeps the cards already there and renders its first page in one go.
  const [firstCommitDone, setFirstCommitDone] = useState(false);
  if (shownFor !== listKey) {
    setShownFor(listKey);
    setShownCount(pageSize);
  }
  // Once the first cards have painted, as a plain update: a transition was put off again by each
  // other update while the whole list arrived (8 cards for seconds at 10,000 courses).
  useEffect(() => (firstCommitDone || isLoading ? undefined : afterNextPaint(() => setFirstCommitDone(true))), [firstCommitDone, isLoading]);
  const shown = useMemo(() => courses.slice(0, shownCount), [courses, shownCount]);
  const rendered = firstCommitDone ? shown : shown.slice(0, FIRST_COMMIT_CARDS);
  const ids = useMemo(() => shown.map((course) => course.id), [shown]);
  const tiers = useSavedTiers(ids);

  // After "Show more", focus moves to the first card added, so keyboard users continue there.
  const focusFrom = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    const item = listRef.current?.children[focusFrom.current];
    focusFrom.current = null;
    item?.querySelector<HTMLElement>('h3 a')?.focus();
  }, [shownCount]);

  if (isLoading) {
    return (
      <ul className={styles.grid} aria-label={`Loading ${label.toLowerCase()}`} aria-busy="true">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <li key={index} className={styles.item}>
            <CourseCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  const showMore = () => {
    focusFrom.current = shown.length;
    // A transition: React renders the new cards in short slices, so the page stays responsive.
    startTransition(() => setShownCount((count) => count + pageSize));
  };
  return (
    <>
      <ul ref={listRef} className={styles.grid} aria-label={label}>
        {rendered.map((course) => (
          <li key={course.id} className={styles.item}>
            <CourseCard course={course} tiers={tiers?.get(course.id)} />
          </li>
        ))}
      </ul>
      {firstCommitDone && shown.length < courses.length ? (
        <div className={styles.more}>
          <p className={styles.shown}>
            Showing {shown.length} of {courses.length}
          </p>
          <Button appearance="secondary" size="large" onClick={showMore}>
            Show more courses
          </Button>
        </div>
      ) : null}
    </>
  );
}
