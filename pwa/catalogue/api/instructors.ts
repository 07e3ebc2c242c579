/** GET /api/instructors: every instructor, answered from the saved catalogue when offline. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Instructor } from '@contracts/catalogue';
import { getJson } from '@pwa/lib/api-client';
import { catalogueDb } from '@pwa/offline/catalogue-db';
import { networkFirst } from './catalogue-source';

export const instructorKeys = {
  all: ['instructors'] as const,
  list: () => [...instructorKeys.all, 'list'] as const,
};

export function fetchInstructors(): Promise<Instructor[]> {
  return networkFirst(
    () => getJson<Instructor[]>('/api/instructors'),
    (instructors) => catalogueDb.instructors.bulkPut(instructors),
    async () => {
      const all = await catalogueDb.instructors.orderBy('name').toArray();
      return all.length ? all : undefined;
    },
    'the instructors',
  );
}

export const instructorsQueryOptions = () => queryOptions({ queryKey: instructorKeys.list(), queryFn: fetchInstructors });

export function useInstructors() {
  return useQuery(instructorsQueryOptions());
}
