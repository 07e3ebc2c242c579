/**
 * /webinar-packs (storefront spec §2 Dedicated listings, §7): courses of type webinar with
 * category pack; price range (pack bands) and category filters, client-side.
 */
import { useMemo, useState } from 'react';
import { useLocalFirstCourses } from '../../catalogue/api/courses';
import { CourseGrid } from '../../features/listings/components/course-grid';
import { EmptyState } from '@pwa/components/empty-state';
import { FilterSelect, type FilterOption } from '../../features/listings/components/filter-select';
import { ALL, applyClientFilters, priceBandOptions, useDisplayedPrices } from '../../features/listings/components/listing-filters';
import { ListingShell } from '../../features/listings/components/listing-shell';
import { LoadError } from '@pwa/components/load-error';
import { ALL_PRICES } from '../../features/listings/price-bands';

const PRICE_OPTIONS = priceBandOptions('packs');

function categoryLabel(category: string): string {
  return category.toLowerCase() === 'pack' ? 'Webinar Packs' : category;
}

export default function WebinarPacksPage() {
  const [price, setPrice] = useState(ALL_PRICES);
  const [category, setCategory] = useState(ALL);
  const query = useLocalFirstCourses({ type: ['webinar'], category: 'pack', view: 'summary' });
  const priceOf = useDisplayedPrices(query.data, price !== ALL_PRICES);

  // Categories come from the packs themselves, so the filter never offers an empty choice.
  const categoryOptions = useMemo<FilterOption[]>(() => {
    const categories = [...new Set((query.data ?? []).map((pack) => pack.category).filter((value): value is string => Boolean(value)))].sort();
    return [{ value: ALL, label: 'All Categories' }, ...categories.map((value) => ({ value, label: categoryLabel(value) }))];
  }, [query.data]);

  const packs = useMemo(
    () =>
      applyClientFilters(
        (query.data ?? []).filter((pack) => category === ALL || pack.category === category),
        { priceSet: 'packs', price, priceOf },
      ),
    [query.data, category, price, priceOf],
  );
  const filtersActive = price !== ALL_PRICES || category !== ALL;
  const clear = () => {
    setPrice(ALL_PRICES);
    setCategory(ALL);
  };

  return (
    <ListingShell
      eyebrow="Bundles"
      title="Webinar Packs"
      intro="Curated collections of recorded webinars on one subject, priced below the sessions bought separately. Ideal for onboarding and team training plans."
      filters={
        <>
          <FilterSelect label="Price Range" value={price} options={PRICE_OPTIONS} onChange={setPrice} />
          <FilterSelect label="Category" value={category} options={categoryOptions} onChange={setCategory} />
        </>
      }
      count={query.isSuccess ? `${packs.length} packs found` : undefined}
      showClear={filtersActive}
      onClear={clear}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} what="webinar packs" />
      ) : query.isPending ? (
        <CourseGrid isLoading />
      ) : packs.length === 0 ? (
        <EmptyState title="No packs found" description="No webinar packs match these filters. Try another price range or category." />
      ) : (
        <CourseGrid courses={packs} label="Webinar packs" />
      )}
    </ListingShell>
  );
}
