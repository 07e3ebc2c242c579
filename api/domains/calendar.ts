/** Calendar invites and course mail (updates, cancellations, recording notices). */
import { courseMailJob } from '../jobs/send-course-mail';
import { createCalendarServices } from '../services/calendar';
import { defineDomain } from './domain';

export const calendarDomain = defineDomain({
  name: 'calendar',
  needs: ['joinLinks'],
  services: createCalendarServices,
  jobs: ({ services }) => [courseMailJob(services)],
});
