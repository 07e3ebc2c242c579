import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api-client';

/** Storefront spec §7: data never stale, no refetch on focus or interval, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        queryFn: ({ queryKey }) => getJson(queryKey.join('/')),
      },
      mutations: { retry: false },
    },
  });
}
