/** Courses as staff write them (courses, tiers, instructors) and as time changes them (the seminar sweep). */
import type { CalendarServices } from '../calendar';
import type { ServiceDependencies } from '../dependencies';
import type { MeetingServices } from '../meetings';
import type { UploadServices } from '../uploads';
import { CourseAdminService } from './course-admin-service';

export interface CourseServices {
  courseAdmin: CourseAdminService;
}

export function createCourseServices(
  { knex, clock }: ServiceDependencies,
  { uploads, calendar, meetings }: UploadServices & Pick<CalendarServices, 'calendar'> & Pick<MeetingServices, 'meetings'>,
): CourseServices {
  return { courseAdmin: new CourseAdminService({ knex, clock, images: uploads, calendarMail: calendar, meetings }) };
}
