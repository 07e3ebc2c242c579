/** POST /api/courses/:id/duplicate: a copy titled "… (Copy)" at price 0, without tiers (spec §4). */
import type { Course } from '@contracts/catalogue';
import { courseEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

export const duplicateCourse = (id: string) =>
  sendWrite<Course>({ method: 'POST', url: `/api/courses/${encodeURIComponent(id)}/duplicate`, entity: courseEntity(id), label: 'Duplicate course' });

export const useDuplicateCourse = () => useCatalogueWrite(duplicateCourse);
