import { QueryClient } from '@tanstack/react-query';

/**
 * Storefront spec §7: data never stale, no refetch on focus or interval, no retries. There is no
 * default query function: every query names its own request (see the `queryOptions` beside each one).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
