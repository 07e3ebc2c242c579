/**
 * Local first: a screen renders at once from the saved copy when the device holds a complete one,
 * and the network answer (network first, with the saved-copy fallback of catalogue-source.ts)
 * replaces it when it comes. Without a saved copy this is the network read alone.
 */
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

export interface LocalFirstResult<T> {
  data: T | undefined;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export function useLocalFirst<T, NetworkKey extends QueryKey, SavedKey extends QueryKey>(
  network: UseQueryOptions<T, Error, T, NetworkKey>,
  saved: UseQueryOptions<T | null, Error, T | null, SavedKey>,
): LocalFirstResult<T> {
  const remote = useQuery(network);
  const local = useQuery({ ...saved, retry: false });
  const data = remote.data ?? local.data ?? undefined;
  const hasData = data !== undefined;
  return {
    data,
    isPending: !hasData && !remote.isError,
    isSuccess: hasData,
    isError: !hasData && remote.isError,
    error: remote.error,
    refetch: () => remote.refetch(),
  };
}
