// @vitest-environment jsdom
/**
 * The listing filters as a visitor uses them: the selects (FilterSelect) and the header search
 * change which course cards the listing (ListingShell + CourseGrid) shows, and the count with them.
 * The API is a fake answering GET /api/courses with the contract's own listing rules.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COURSE_TYPES, type Course, type CourseType } from '@contracts/catalogue';
import { filterCourses } from '@contracts/course-filter';
import CoursesPage from '@pwa/app/routes/courses-page';
import { SiteSearch } from '@pwa/components/layout/site-search';
import { createQueryClient } from '@pwa/lib/query-client';
import { catalogueDb } from '@pwa/offline/catalogue/catalogue-db';
import { makeCourse } from '@pwa/test-support/course-fixture';
import { LiveSessionListing } from './live-session-listing';

function course(id: string, title: string, type: CourseType, price: string, timezone: string, startDate: string | null): Course {
  return makeCourse({ id, title, type, price, timezone, startDate, duration: 90 });
}

const CATALOGUE: Course[] = [
  course('gmp-1', 'GMP Essentials', 'live_seminar', '299.00', 'US/Eastern', '2026-09-01T14:00:00.000Z'),
  course('csv-1', 'Computer System Validation', 'live_seminar', '750.00', 'Europe/London', '2026-07-01T09:00:00.000Z'),
  course('audit-1', 'Audit Masterclass', 'live_seminar', '1500.00', 'US/Eastern', null),
  course('capa-1', 'CAPA in Practice', 'live_seminar', '800.00', 'Asia/Tokyo', '2026-08-01T01:00:00.000Z'),
  course('gmp-2', 'GMP for Laboratories', 'recorded_course', '49.00', 'US/Pacific', null),
  course('hipaa-1', 'HIPAA Update', 'live_webinar', '150.00', 'US/Central', '2026-06-15T17:00:00.000Z'),
];

/** GET /api/courses?type&search, answered as the API answers it (the contract's listing rules). */
const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname !== '/api/courses') return new Response('{"message":"Not found"}', { status: 404 });
  const type = url.searchParams.get('type')?.split(',') as CourseType[] | undefined;
  const search = url.searchParams.get('search') ?? undefined;
  return new Response(JSON.stringify(filterCourses(CATALOGUE, { type, search })), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

function renderAt(path: string, page: React.ReactNode) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <SiteSearch />
          <Routes>
            <Route path="*" element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

/** The titles of the cards in the named results list, in order. */
const cardTitles = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const choose = (label: string, option: string) =>
  act(async () => {
    const select = screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
    const value = [...select.options].find((candidate) => candidate.text === option)?.value;
    if (value === undefined) throw new Error(`${label} has no option "${option}"`);
    fireEvent.change(select, { target: { value } });
  });

beforeEach(() => {
  vi.stubGlobal('fetch', api);
  api.mockClear();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await catalogueDb.courses.clear();
});

describe('a live-session listing (/live-seminars)', () => {
  const renderSeminars = () =>
    renderAt(
      '/live-seminars',
      <LiveSessionListing type="live_seminar" eyebrow="In Person" title="Live Seminars" intro="Seminars." noun="seminars" gridLabel="Live seminars" />,
    );

  it('lists the type’s sessions by start date, undated last', async () => {
    renderSeminars();
    expect(await screen.findByText('4 seminars found')).toBeTruthy();
    expect(cardTitles('Live seminars')).toEqual(['Computer System Validation', 'CAPA in Practice', 'GMP Essentials', 'Audit Masterclass']);
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('narrows the cards by price range and time zone, says when nothing matches, and clears back to all', async () => {
    renderSeminars();
    await screen.findByText('4 seminars found');

    await choose('Price Range', '$500 to $1000');
    expect(cardTitles('Live seminars')).toEqual(['Computer System Validation', 'CAPA in Practice']);
    expect(screen.getByText('2 seminars found')).toBeTruthy();

    await choose('Time Zone', 'Europe/London');
    expect(cardTitles('Live seminars')).toEqual(['Computer System Validation']);
    expect(screen.getByText('1 seminars found')).toBeTruthy();

    await choose('Price Range', 'Under $500');
    expect(screen.queryByRole('list', { name: 'Live seminars' })).toBeNull();
    expect(screen.getByText('No seminars found')).toBeTruthy();
    expect(screen.getByText('0 seminars found')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' })));
    expect(cardTitles('Live seminars')).toHaveLength(4);
    expect((screen.getByRole('combobox', { name: 'Price Range' }) as HTMLSelectElement).value).toBe('all');
    expect((screen.getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement).value).toBe('all');
  });
});

describe('the course catalogue (/courses)', () => {
  it('shows the category chosen, then only the prices in the band chosen', async () => {
    renderAt('/courses', <CoursesPage />);
    expect(await screen.findByText(`${CATALOGUE.length} courses found`)).toBeTruthy();

    await choose('Category', 'Live Seminars');
    expect(await screen.findByText('4 courses found')).toBeTruthy();
    expect(cardTitles('Live Seminars')).toEqual(['Computer System Validation', 'CAPA in Practice', 'GMP Essentials', 'Audit Masterclass']);
    expect(api).toHaveBeenCalledWith('/api/courses?type=live_seminar&view=summary', expect.anything());

    await choose('Price', 'Over $500');
    expect(cardTitles('Live Seminars')).toEqual(['Computer System Validation', 'CAPA in Practice', 'Audit Masterclass']);

    await choose('Category', 'All Types');
    expect(await screen.findByText('3 courses found')).toBeTruthy();
    expect(cardTitles('All Courses')).toEqual(['Computer System Validation', 'CAPA in Practice', 'Audit Masterclass']);
  });

  it('shows what the header search finds, and clearing the filters shows everything again', async () => {
    renderAt('/courses', <CoursesPage />);
    await screen.findByText(`${CATALOGUE.length} courses found`);

    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), { target: { value: ' gmp ' } });
      fireEvent.submit(screen.getByRole('search', { name: 'Course search' }));
    });
    expect(await screen.findByText('2 courses found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results for "gmp"' })).toBeTruthy();
    expect(cardTitles('Search Results for "gmp"')).toEqual(['GMP Essentials', 'GMP for Laboratories']);
    expect(api).toHaveBeenCalledWith('/api/courses?search=gmp&view=summary', expect.anything());

    await choose('Price', 'Under $100');
    expect(cardTitles('Search Results for "gmp"')).toEqual(['GMP for Laboratories']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' })));
    expect(await screen.findByText(`${CATALOGUE.length} courses found`)).toBeTruthy();
    expect(cardTitles('All Courses')).toHaveLength(CATALOGUE.length);
  });
});

it('offers every course type as a category', async () => {
  renderAt('/courses', <CoursesPage />);
  await screen.findByText(`${CATALOGUE.length} courses found`);
  const options = [...(screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).options].map((option) => option.value);
  expect(options).toEqual(['all', ...COURSE_TYPES]);
});
