/**
 * /courses (storefront spec §2 Courses listing, §4 Listing filters, §5 price bands).
 * The URL is the source of truth for `type` and `search`, so the page follows the header search
 * and links such as /courses?type=live_seminar; the price band is a client-side filter over the
 * fetched list. An unknown type is never sent to the API (it answers 400): all courses are listed.
 */
import { Button } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COURSE_TYPES, isCourseType, type CourseType } from '@contracts/catalogue';
import { coursesListingQuery, LISTING_PAGE_SIZE } from '@contracts/catalogue-paths';
import { useLocalFirstCourses } from '../../catalogue/api/courses';
import { COURSE_TYPE_FILTER_LABELS } from '../../catalogue/components/course-labels';
import { CourseGrid } from '../../features/listings/components/course-grid';
import { EmptyState } from '@pwa/components/empty-state';
import { FilterSelect, type FilterOption } from '../../features/listings/components/filter-select';
import { ALL, applyClientFilters, priceBandOptions, useDisplayedPrices } from '../../features/listings/components/listing-filters';
import { ListingShell } from '../../features/listings/components/listing-shell';
import { LoadError } from '@pwa/components/load-error';
import { ALL_PRICES } from '../../features/listings/price-bands';

const TYPE_TITLES: Partial<Record<CourseType, string>> = {
  live_seminar: 'Live Seminars',
  live_webinar: 'Live Webinars',
  recorded_webinar: 'Recorded Webinars',
  recorded_seminar: 'Recorded Seminars',
  webinar: 'Webinars',
  recorded_course: 'Recorded Courses',
};

const TYPE_OPTIONS: FilterOption[] = [
  { value: ALL, label: 'All Types' },
  ...COURSE_TYPES.map((type) => ({ value: type, label: COURSE_TYPE_FILTER_LABELS[type] ?? type })),
];

const PRICE_OPTIONS = priceBandOptions('general');

export function coursesPageTitle(typeParam: string | null, search: string): string {
  if (search) return `Search Results for "${search}"`;
  if (!typeParam) return 'All Courses';
  return (isCourseType(typeParam) ? TYPE_TITLES[typeParam] : undefined) ?? 'Courses';
}

export default function CoursesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [price, setPrice] = useState(ALL_PRICES);

  const typeParam = params.get('type');
  const listing = coursesListingQuery(params);
  const search = listing.search ?? '';
  const type = listing.type?.[0];

  // The first cards come from a first page until the whole list is there, unless a price band (a filter over the whole list) is chosen.
  const query = useLocalFirstCourses(listing, { firstPage: price === ALL_PRICES ? LISTING_PAGE_SIZE : undefined });
  const priceOf = useDisplayedPrices(query.data, price !== ALL_PRICES);
  const courses = useMemo(() => applyClientFilters(query.data ?? [], { priceSet: 'general', price, priceOf }), [query.data, price, priceOf]);

  // With the first page only, the server's count of all that match comes with it (no price band is
  // chosen then); with the whole list, the cards the price band leaves.
  const count = !query.isSuccess ? null : query.isFirstPageOnly ? query.total : courses.length;
  const title = coursesPageTitle(typeParam, search);
  const filtersActive = Boolean(typeParam) || Boolean(search) || price !== ALL_PRICES;

  const setType = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete('type');
    else next.set('type', value);
    setParams(next);
  };

  const clearFilters = () => {
    setPrice(ALL_PRICES);
    navigate('/courses');
  };

  const intro = search
    ? 'Courses whose title, description or course code match your search.'
    : 'Live seminars, webinars and on-demand recordings taught by practitioners in regulatory compliance and quality.';

  return (
    <ListingShell
      eyebrow="Course Catalogue"
      title={title}
      intro={intro}
      filters={
        <>
          <FilterSelect label="Category" value={type ?? ALL} options={TYPE_OPTIONS} onChange={setType} />
          <FilterSelect label="Price" value={price} options={PRICE_OPTIONS} onChange={setPrice} />
        </>
      }
      count={count === null ? undefined : `${count} courses found`}
      showClear={filtersActive}
      onClear={clearFilters}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <CourseGrid isLoading />
      ) : courses.length === 0 ? (
        <EmptyState
          title="No courses found"
          description="Try adjusting your filters or search criteria to find what you're looking for."
          action={
            <Button appearance="primary" onClick={clearFilters}>
              Clear All Filters
            </Button>
          }
        />
      ) : (
        <CourseGrid courses={courses} label={title} />
      )}
    </ListingShell>
  );
}
