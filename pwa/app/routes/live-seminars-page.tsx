/** /live-seminars (storefront spec §2 Dedicated listings): price range (seminar bands) and time zone filters. */
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

export default function LiveSeminarsPage() {
  const [price, setPrice] = useState(ALL_PRICES);
  const [timezone, setTimezone] = useState(ALL);
  const query = useCourses({ type: ['live_seminar'] });
  const priceOf = useDisplayedPrices(query.data);
  const seminars = useMemo(
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
      eyebrow="In Person"
      title="Live Seminars"
      intro="Intensive one- to three-day classroom seminars led by industry experts, with workbooks, case studies and time to put your own questions to the instructor."
      filters={
        <>
          <FilterSelect label="Price Range" value={price} options={PRICE_OPTIONS} onChange={setPrice} />
          <FilterSelect label="Time Zone" value={timezone} options={TIME_ZONE_OPTIONS} onChange={setTimezone} />
        </>
      }
      count={query.isSuccess ? `${seminars.length} seminars found` : undefined}
      showClear={filtersActive}
      onClear={clear}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} what="seminars" />
      ) : query.isPending ? (
        <CourseGrid isLoading />
      ) : seminars.length === 0 ? (
        <EmptyState title="No seminars found" description="No live seminars match these filters. Try another price range or time zone." />
      ) : (
        <CourseGrid courses={seminars} label="Live seminars" />
      )}
    </ListingShell>
  );
}
