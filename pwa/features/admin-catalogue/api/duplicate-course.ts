/** POST /api/courses/:id/duplicate: a copy titled "… (Copy)" at price 0, without tiers (spec §4). */
import type { Course } from '@contracts/catalogue';
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const duplicateCourse = (id: string) => sendWrite<Course>('POST', `/api/courses/${encodeURIComponent(id)}/duplicate`);

export const useDuplicateCourse = () => useCatalogueWrite(duplicateCourse);
