/** GET /api/me/library: My Training, every course the signed-in person may use. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LibraryItem } from '@contracts/learning';
import { getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export function fetchLibrary(): Promise<LibraryItem[]> {
  return getJson<LibraryItem[]>('/api/me/library');
}

export const libraryQueryOptions = (viewer: string) => queryOptions({ queryKey: learningKeys.library(viewer), queryFn: fetchLibrary });

export function useLibrary(viewer: string) {
  return useQuery(libraryQueryOptions(viewer));
}
