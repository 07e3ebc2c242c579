/**
 * The listing of one live course type with the sessions' price bands and a time-zone filter,
 * sorted by start date ascending with undated sessions last (storefront spec §2 Dedicated
 * listings: /live-seminars and /webinars).
 */
import { useMemo, useState } from 'react';
import type { CourseType } from '@contracts/catalogue';
import { useLocalFirstCourses } from '@pwa/catalogue/api/courses';
import { ALL_PRICES } from '../price-bands';
import { CourseGrid } from './course-grid';
import { EmptyState } from '@pwa/components/empty-state';
import { FilterSelect } from './filter-select';
import { ALL, TIME_ZONE_OPTIONS, applyClientFilters, priceBandOptions, useDisplayedPrices } from './listing-filters';
import { ListingShell } from './listing-shell';
import { LoadError } from '@pwa/components/load-error';

const PRICE_OPTIONS = priceBandOptions('sessions');

export interface LiveSessionListingProps {
  type: CourseType;
  eyebrow: string;
  title: string;
  intro: string;
  /** Plural noun for the count and the empty state: "seminars", "webinars". */
  noun: string;
  /** Accessible name of the grid, e.g. "Live seminars". */
  gridLabel: string;
}

export function LiveSessionListing({ type, eyebrow, title, intro, noun, gridLabel }: LiveSessionListingProps) {
  const [price, setPrice] = useState(ALL_PRICES);
  const [timezone, setTimezone] = useState(ALL);
  const query = useLocalFirstCourses({ type: [type], view: 'summary' });
  const priceOf = useDisplayedPrices(query.data, price !== ALL_PRICES);
  const sessions = useMemo(
    () => applyClientFilters(query.data ?? [], { priceSet: 'sessions', price, timezone, priceOf }),
    [query.data, price, timezone, priceOf],
  );
  const filtersActive = price !== ALL_PRICES || timezone !== ALL;
  const clear = () => {
    setPrice(ALL_PRICES);
    setTimezone(ALL);
  };

  return (
    <ListingShell
      eyebrow={eyebrow}
      title={title}
      intro={intro}
      filters={
        <>
          <FilterSelect label="Price Range" value={price} options={PRICE_OPTIONS} onChange={setPrice} />
          <FilterSelect label="Time Zone" value={timezone} options={TIME_ZONE_OPTIONS} onChange={setTimezone} />
        </>
      }
      count={query.isSuccess ? `${sessions.length} ${noun} found` : undefined}
      showClear={filtersActive}
      onClear={clear}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} what={noun} />
      ) : query.isPending ? (
        <CourseGrid isLoading />
      ) : sessions.length === 0 ? (
        <EmptyState title={`No ${noun} found`} description={`No ${gridLabel.toLowerCase()} match these filters. Try another price range or time zone.`} />
      ) : (
        <CourseGrid courses={sessions} label={gridLabel} />
      )}
    </ListingShell>
  );
}
