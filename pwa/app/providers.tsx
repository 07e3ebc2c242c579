import { FluentProvider, createLightTheme, type BrandVariants } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';
import { NotificationsProvider } from '../lib/notify';
import { courseKeys } from '../catalogue/api/course-keys';
import { instructorKeys } from '../catalogue/api/instructors';

/** The brand ramp around the product's teal (#0e7c86 is step 80), so primary buttons and focus match the logo. */
const BRAND: BrandVariants = {
  10: '#020606',
  20: '#0b1c1e',
  30: '#0c2e31',
  40: '#0b3b40',
  50: '#0a4950',
  60: '#085861',
  70: '#076772',
  80: '#0e7c86',
  90: '#2a8a93',
  100: '#4598a0',
  110: '#5ea6ad',
  120: '#77b4ba',
  130: '#90c3c7',
  140: '#a9d1d5',
  150: '#c2e0e2',
  160: '#dbeeef',
};
const theme = createLightTheme(BRAND);

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    // Keep the whole catalogue (and its images) on the device; when the browser comes back
    // online, refresh what the screens show from the API so the offline notice goes away.
    // Loaded after the first render: the sync (Dexie, schema checks) is not needed to paint.
    // It starts once the page has loaded and the browser is idle, so on a first visit the copy
    // does not compete with the first paint for the network and the main thread.
    let stop = () => {};
    let cancelled = false;
    const begin = () =>
      void import('../offline/catalogue/background-sync').then(({ startBackgroundCatalogueSync, cacheCatalogueImages }) => {
        if (!cancelled) stop = startBackgroundCatalogueSync((images) => void cacheCatalogueImages(images));
      });
    void afterFirstPaint().then(begin);
    const onOnline = () => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
      void queryClient.invalidateQueries({ queryKey: instructorKeys.all });
    };
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      stop();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);

  return (
    <FluentProvider theme={theme} style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
}
