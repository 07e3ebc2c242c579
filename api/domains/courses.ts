/** Courses: staff writes (courses, tiers, instructors) and the seminar sweep. */
import { seminarSweepJob } from '../jobs/sweep-seminars';
import { courseAdminRoutes } from '../routes/course-admin-routes';
import { createCourseServices, type CourseServices } from '../services/courses';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const coursesDomain = defineDomain({
  name: 'courses',
  // A course write moves or calls off its Zoom meeting (the meetings domain, after the commit).
  needs: ['uploads', 'calendar', 'meetings'],
  services: createCourseServices,
  routes: (api, services: CourseServices & Pick<PlatformServices, 'idempotency'>) => courseAdminRoutes(api, services),
  jobs: ({ knex, config }) => [seminarSweepJob(knex, config.seminarSweepMinutes)],
});
