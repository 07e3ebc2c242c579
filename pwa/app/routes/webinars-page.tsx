/** /webinars (storefront spec §2 Dedicated listings): live webinars by start date (undated last), price and time zone filters. */
import { useMemo, useState } from 'react';
import { useCourses } from '../../features/catalogue/api/queries';
import { CourseGrid } from '../../features/catalogue/components/course-grid';
import { EmptyState } from '../../features/catalogue/components/empty-state';
import { FilterSelect } from '../../features/catalogue/components/filter-select';
import { ALL, TIME_ZONE_OPTIONS, applyClientFilters, priceBandOptions, useDisplayedPrices } from '../../features/catalogue/components/listing-filters';
import { ListingShell } from '../../features/catalogue/components/listing-shell';
import { LoadError } from '../../features/catalogue/components/load-error';
import { ALL_PRICES } from '../../features/catalogue/price-bands';

const PRICE_OPTIONS = priceBandOptions('sessions');

export default function WebinarsPage() {
  const [price, setPrice] = useState(ALL_PRICES);
  const [timezone, setTimezone] = useState(ALL);
  const query = useCourses({ type: ['live_webinar'] });
  const priceOf = useDisplayedPrices(query.data);
  // applyClientFilters sorts by start date ascending with undated webinars last.
  const webinars = useMemo(
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
      eyebrow="Online, Live"
      title="Live Webinars"
      intro="Focused 60- to 120-minute online sessions with live Q&A. Join from your desk, wherever you are, and earn a certificate of attendance."
      filters={
        <>
          <FilterSelect label="Price Range" value={price} options={PRICE_OPTIONS} onChange={setPrice} />
          <FilterSelect label="Time Zone" value={timezone} options={TIME_ZONE_OPTIONS} onChange={setTimezone} />
        </>
      }
      count={query.isSuccess ? `${webinars.length} webinars found` : undefined}
      showClear={filtersActive}
      onClear={clear}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} what="webinars" />
      ) : query.isPending ? (
        <CourseGrid isLoading />
      ) : webinars.length === 0 ? (
        <EmptyState title="No webinars found" description="No live webinars match these filters. Try another price range or time zone." />
      ) : (
        <CourseGrid courses={webinars} label="Live webinars" />
      )}
    </ListingShell>
  );
}
