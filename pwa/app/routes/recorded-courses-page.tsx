/**
 * /recorded-courses (storefront spec §2 Dedicated listings, §7): recorded webinars and recorded
 * seminars, fetched with one call per recorded type and merged; type, price and time zone filters.
 */
import { useMemo, useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { useLocalFirstCourses } from '../../catalogue/api/courses';
import { COURSE_TYPE_FILTER_LABELS } from '../../catalogue/components/course-labels';
import { CourseGrid } from '../../features/listings/components/course-grid';
import { EmptyState } from '@pwa/components/empty-state';
import { FilterSelect, type FilterOption } from '../../features/listings/components/filter-select';
import { ALL, TIME_ZONE_OPTIONS, applyClientFilters, priceBandOptions, useDisplayedPrices } from '../../features/listings/components/listing-filters';
import { ListingShell } from '../../features/listings/components/listing-shell';
import { LoadError } from '@pwa/components/load-error';
import { ALL_PRICES } from '../../features/listings/price-bands';

const RECORDED_TYPES = ['recorded_webinar', 'recorded_seminar'] as const;

const TYPE_OPTIONS: FilterOption[] = [
  { value: ALL, label: 'All Recordings' },
  ...RECORDED_TYPES.map((type) => ({ value: type, label: COURSE_TYPE_FILTER_LABELS[type] ?? type })),
];
const PRICE_OPTIONS = priceBandOptions('sessions');

export default function RecordedCoursesPage() {
  const [type, setType] = useState<string>(ALL);
  const [price, setPrice] = useState(ALL_PRICES);
  const [timezone, setTimezone] = useState(ALL);

  const webinars = useLocalFirstCourses({ type: ['recorded_webinar'], view: 'summary' });
  const seminars = useLocalFirstCourses({ type: ['recorded_seminar'], view: 'summary' });
  const results = [webinars, seminars];
  const isPending = results.some((result) => result.isPending);
  const failed = results.find((result) => result.isError);
  const merged = useMemo<Course[] | undefined>(() => {
    if (!webinars.data || !seminars.data) return undefined;
    const byId = new Map<string, Course>();
    for (const course of [...webinars.data, ...seminars.data]) byId.set(course.id, course);
    return [...byId.values()];
  }, [webinars.data, seminars.data]);

  const priceOf = useDisplayedPrices(merged, price !== ALL_PRICES);
  const courses = useMemo(
    () =>
      applyClientFilters(
        (merged ?? []).filter((course) => type === ALL || course.type === type),
        { priceSet: 'sessions', price, timezone, priceOf },
      ),
    [merged, type, price, timezone, priceOf],
  );
  const filtersActive = type !== ALL || price !== ALL_PRICES || timezone !== ALL;
  const clear = () => {
    setType(ALL);
    setPrice(ALL_PRICES);
    setTimezone(ALL);
  };

  return (
    <ListingShell
      eyebrow="On Demand"
      title="Recorded Courses"
      intro="Recordings of our webinars and seminars, available the moment you buy them. Learn at your own pace, revisit any session and earn a certificate of completion."
      filters={
        <>
          <FilterSelect label="Type" value={type} options={TYPE_OPTIONS} onChange={setType} />
          <FilterSelect label="Price Range" value={price} options={PRICE_OPTIONS} onChange={setPrice} />
          <FilterSelect label="Time Zone" value={timezone} options={TIME_ZONE_OPTIONS} onChange={setTimezone} />
        </>
      }
      count={merged ? `${courses.length} courses found` : undefined}
      showClear={filtersActive}
      onClear={clear}
    >
      {failed ? (
        <LoadError error={failed.error} onRetry={() => results.forEach((result) => void result.refetch())} what="recorded courses" />
      ) : isPending || !merged ? (
        <CourseGrid isLoading />
      ) : courses.length === 0 ? (
        <EmptyState title="No recorded courses found" description="No recordings match these filters. Try another type, price range or time zone." />
      ) : (
        <CourseGrid courses={courses} label="Recorded courses" />
      )}
    </ListingShell>
  );
}
