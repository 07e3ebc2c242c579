// @vitest-environment jsdom
/**
 * /courses on a device without a saved catalogue: the first page of cards shows as soon as its
 * small request answers, while the whole list (for the exact count, price bands and "Show more")
 * is still downloading; the count appears with the whole list. A price band waits for the whole list.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { COURSES_FIRST_PAGE_PATH } from '@contracts/route-shells';
import CoursesPage from '@pwa/app/routes/courses-page';
import { prefetchCoursesFirstPage } from '@pwa/catalogue/api/courses';
import { createQueryClient } from '@pwa/lib/query-client';
import { catalogueDb } from '@pwa/offline/catalogue/catalogue-db';
import { makeCourse } from '@pwa/test-support/course-fixture';

const CATALOGUE: Course[] = Array.from({ length: 60 }, (_, index) =>
  makeCourse({
    id: `course-${String(index).padStart(2, '0')}`,
    title: `Course ${String(index).padStart(2, '0')}`,
    startDate: `2026-09-${String((index % 28) + 1).padStart(2, '0')}T14:00:00.000Z`,
    price: '100.00',
  }),
).sort((a, b) => a.startDate!.localeCompare(b.startDate!) || a.title.localeCompare(b.title));

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
let releaseWhole: () => void = () => undefined;
const requests: string[] = [];
/** What a first page's answer says of the whole (the server's X-Total-Count), when the test sets it. */
let firstPageHeaders: Record<string, string> = {};
const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  requests.push(`${url.pathname}${url.search}`);
  const limit = url.searchParams.get('limit');
  if (limit) return json(CATALOGUE.slice(0, Number(limit)), firstPageHeaders);
  await new Promise<void>((resolve) => (releaseWhole = resolve));
  return json(CATALOGUE);
});

beforeEach(() => {
  requests.length = 0;
  firstPageHeaders = {};
  vi.stubGlobal('fetch', api);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await catalogueDb.courses.clear();
});

function renderCourses(address = '/courses', queryClient = createQueryClient()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path="*" element={<CoursesPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const cards = () => within(screen.getByRole('list', { name: 'All Courses' })).getAllByRole('heading', { level: 3 });

it('shows the first page of cards before the whole list has arrived, then the exact count and "Show more"', async () => {
  renderCourses();
  expect(await screen.findByRole('heading', { level: 3, name: 'Course 00' })).toBeTruthy();
  await waitFor(() => expect(cards()).toHaveLength(24));
  expect(screen.queryByText(/courses found/)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Show more courses' })).toBeNull();
  expect(requests).toEqual(expect.arrayContaining(['/api/courses?view=summary', '/api/courses?limit=24&view=summary']));
  // The address the /courses shell preloads (an address differing by a character would be fetched twice).
  expect(requests).toContain(COURSES_FIRST_PAGE_PATH);

  await act(async () => releaseWhole());
  expect(await screen.findByText('60 courses found')).toBeTruthy();
  expect(screen.getByText('Showing 24 of 60')).toBeTruthy();
  expect(cards().map((card) => card.textContent)).toEqual(CATALOGUE.slice(0, 24).map((course) => course.title));
});

it('with the server’s count on the first page, shows "N courses found" together with the first cards', async () => {
  firstPageHeaders = { 'X-Total-Count': '60' };
  renderCourses();
  expect(await screen.findByRole('heading', { level: 3, name: 'Course 00' })).toBeTruthy();
  // The whole list is still on its way: the count is the server's.
  expect(screen.getByText('60 courses found')).toBeTruthy();
  await waitFor(() => expect(cards()).toHaveLength(24));
  expect(screen.queryByRole('button', { name: 'Show more courses' })).toBeNull();
  await act(async () => releaseWhole());
  expect(await screen.findByText('Showing 24 of 60')).toBeTruthy();
  expect(screen.getByText('60 courses found')).toBeTruthy();
});

it('uses the first page asked for as the app started (main.tsx), for any type and search, without asking again', async () => {
  const queryClient = createQueryClient();
  prefetchCoursesFirstPage(queryClient, new URLSearchParams('type=webinar&search=%20course%20'));
  expect(requests).toEqual(['/api/courses?type=webinar&search=course&limit=24&view=summary']);
  renderCourses('/courses?type=webinar&search=%20course%20', queryClient);
  expect(await screen.findByRole('heading', { level: 3, name: 'Course 00' })).toBeTruthy();
  expect(requests.filter((request) => request.includes('limit='))).toEqual(['/api/courses?type=webinar&search=course&limit=24&view=summary']);
  await act(async () => releaseWhole());
});

it('with a price band chosen, asks for no first page: the band filters the whole list', async () => {
  renderCourses();
  await screen.findByRole('heading', { level: 3, name: 'Course 00' });
  await act(async () => releaseWhole());
  await screen.findByText('60 courses found');
  requests.length = 0;
  await act(async () => {
    const select = screen.getByRole('combobox', { name: 'Price' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: [...select.options].find((option) => option.text !== 'All Prices')!.value } });
  });
  expect(requests.filter((request) => request.includes('limit='))).toEqual([]);
});
