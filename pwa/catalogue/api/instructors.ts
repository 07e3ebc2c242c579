/** GET /api/instructors: every instructor, answered from the saved catalogue when offline (and first, once saved). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Instructor } from '@contracts/catalogue';
import { INSTRUCTORS_PATH } from '@contracts/catalogue-paths';
import { getJson } from '@pwa/lib/api-client';
import { withCatalogueDb } from '@pwa/offline/catalogue/open-catalogue-db';
import { hadCompleteCopyAtStart, readSavedInstructors } from '@pwa/offline/catalogue/saved-catalogue';
import { networkFirst } from './catalogue-source';
import { useLocalFirst } from './local-first';

export const instructorKeys = {
  all: ['instructors'] as const,
  list: () => [...instructorKeys.all, 'list'] as const,
  saved: () => [...instructorKeys.all, 'saved'] as const,
};

export function fetchInstructors(): Promise<Instructor[]> {
  return networkFirst(
    () => getJson<Instructor[]>(INSTRUCTORS_PATH),
    (instructors) => withCatalogueDb((db) => db.instructors.bulkPut(instructors)),
    () =>
      withCatalogueDb(async (db) => {
        const all = await readSavedInstructors(db);
        return all.length ? all : undefined;
      }),
    'the instructors',
  );
}

export const instructorsQueryOptions = () => queryOptions({ queryKey: instructorKeys.list(), queryFn: fetchInstructors });

export function useInstructors() {
  return useQuery(instructorsQueryOptions());
}

export const savedInstructorsQueryOptions = () =>
  queryOptions({
    queryKey: instructorKeys.saved(),
    queryFn: () => withCatalogueDb(async (db) => ((await hadCompleteCopyAtStart(db)) ? readSavedInstructors(db) : null)),
  });

export function useLocalFirstInstructors() {
  return useLocalFirst(instructorsQueryOptions(), savedInstructorsQueryOptions());
}
