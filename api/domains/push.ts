/** Web push devices and the reminders before live sessions. */
import { sessionRemindersJob } from '../jobs/send-session-reminders';
import { pushRoutes } from '../routes/push-routes';
import { createPushServices } from '../services/push';
import { defineDomain } from './domain';

export const pushDomain = defineDomain({
  name: 'push',
  needs: ['calendar', 'joinLinks'],
  services: createPushServices,
  routes: (api, services) => pushRoutes(api, services),
  jobs: ({ services, config }) => [sessionRemindersJob(services.reminders, config.reminderSweepSeconds)],
});
