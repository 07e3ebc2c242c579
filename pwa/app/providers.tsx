import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { NotificationsProvider } from '../lib/notify';
import { startBackgroundCatalogueSync, warmImageCache } from '../offline/catalogue-sync';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    // Keep the whole catalogue (and its images) on the device; when the browser comes back
    // online, refresh what the screens show from the API so the offline notice goes away.
    const stop = startBackgroundCatalogueSync(() => void warmImageCache());
    const onOnline = () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/courses'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/instructors'] });
    };
    window.addEventListener('online', onOnline);
    return () => {
      stop();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);

  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
}
