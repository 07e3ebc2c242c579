// @vitest-environment jsdom
/**
 * A long listing stays quick: the grid renders 24 cards, "Show more courses" (a real button named
 * by its text) adds 24 more and moves the focus to the first card added, the count above stays the
 * whole list's, and the cards' lowest-tier prices come from one IndexedDB query per page of cards
 * — not one per card.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course, PricingTier } from '@contracts/catalogue';
import { filterCourses } from '@contracts/course-filter';
import CoursesPage from '@pwa/app/routes/courses-page';
import { createQueryClient } from '@pwa/lib/query-client';
import { catalogueDb } from '@pwa/offline/catalogue/catalogue-db';
import { makeCourse } from '@pwa/test-support/course-fixture';
import { LISTING_PAGE_SIZE } from '@contracts/catalogue-paths';
import { CourseGrid, FIRST_COMMIT_CARDS } from './course-grid';

function course(index: number): Course {
  const n = String(index).padStart(2, '0');
  return makeCourse({
    id: `course-${n}`,
    title: `Course ${n}`,
    code: `C${index}`,
    price: '500.00',
    startDate: `2026-03-${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  });
}

const COURSES = filterCourses(
  Array.from({ length: 60 }, (_, index) => course(index)),
  {},
);

/** Every course has a cheaper basic tier ($100 + index) and a dearer team tier. */
const TIERS: PricingTier[] = COURSES.flatMap((c, index) => [
  {
    id: `${c.id}-basic`,
    courseId: c.id,
    name: 'Basic',
    price: `${100 + index}.00`,
    description: null,
    features: [],
    isDefault: false,
    tierLevel: 1,
    sortOrder: 1,
  },
  { id: `${c.id}-team`, courseId: c.id, name: 'Team', price: '900.00', description: null, features: [], isDefault: true, tierLevel: 2, sortOrder: 2 },
]);

function renderWith(children: ReactNode) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const cards = () => within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('article');
const showMore = () => screen.getByRole('button', { name: 'Show more courses' });

beforeEach(async () => {
  await catalogueDb.pricingTiers.bulkPut(TIERS);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await catalogueDb.pricingTiers.clear();
});

describe('the course grid', () => {
  it('renders 24 cards, and "Show more courses" adds 24 at a time until all are shown', async () => {
    renderWith(<CourseGrid courses={COURSES} label="Courses" />);
    // The first rows are committed first, the rest of the page right after they have painted.
    expect(cards()).toHaveLength(FIRST_COMMIT_CARDS);
    await waitFor(() => expect(cards()).toHaveLength(LISTING_PAGE_SIZE));
    expect(screen.getByText('Showing 24 of 60')).toBeTruthy();
    expect(showMore().tagName).toBe('BUTTON');

    await act(async () => fireEvent.click(showMore()));
    expect(cards()).toHaveLength(48);
    // The keyboard focus continues at the first card added.
    expect(document.activeElement?.textContent).toBe(COURSES[24]!.title);

    await act(async () => fireEvent.click(showMore()));
    expect(cards()).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Show more courses' })).toBeNull();
  });

  it('starts again at 24 cards when the list changes', async () => {
    const view = renderWith(<CourseGrid courses={COURSES} label="Courses" />);
    await waitFor(() => expect(cards()).toHaveLength(LISTING_PAGE_SIZE));
    await act(async () => fireEvent.click(showMore()));
    expect(cards()).toHaveLength(48);
    const fewer = COURSES.slice(1);
    view.rerender(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <CourseGrid courses={fewer} label="Courses" />
          </MemoryRouter>
        </QueryClientProvider>
      </FluentProvider>,
    );
    expect(cards()).toHaveLength(24);
  });

  it('reads the tiers of a whole page of cards with one query, and shows each card’s lowest tier', async () => {
    const where = vi.spyOn(catalogueDb.pricingTiers, 'where');
    renderWith(<CourseGrid courses={COURSES} label="Courses" />);
    await waitFor(() => expect(within(cards()[0]!).getByTestId('course-price').textContent).toBe('$100'), { timeout: 5000 });
    expect(within(cards()[23]!).getByTestId('course-price').textContent).toBe('$123');
    expect(within(cards()[23]!).getByText('From')).toBeTruthy();
    expect(where).toHaveBeenCalledTimes(1);

    await act(async () => fireEvent.click(showMore()));
    await waitFor(() => expect(within(cards()[47]!).getByTestId('course-price').textContent).toBe('$147'), { timeout: 5000 });
    // One more query for the next 24 cards, not 24 more.
    expect(where).toHaveBeenCalledTimes(2);
  });
});

it('/courses counts every course found while showing the first 24', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(COURSES), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  renderWith(<CoursesPage />);
  expect(await screen.findByText('60 courses found')).toBeTruthy();
  // The first rows come first; the rest of the first page follows at once.
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'All Courses' })).getAllByRole('article')).toHaveLength(24));
});
