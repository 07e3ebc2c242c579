/** POST /api/courses: a new course of any kind (back-office spec §7). */
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { courseEntity, createdId, sendWrite, useCatalogueWrite } from './catalogue-write';

export const createCourse = (body: CourseWrite) =>
  sendWrite<Course>({ method: 'POST', url: '/api/courses', body, entity: courseEntity(createdId(body)), label: 'Create course' });

export const useCreateCourse = () => useCatalogueWrite(createCourse);
