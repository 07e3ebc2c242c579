/** POST /api/courses: a new course of any kind (back-office spec §7). */
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const createCourse = (body: CourseWrite) => sendWrite<Course>('POST', '/api/courses', body);

export const useCreateCourse = () => useCatalogueWrite(createCourse);
