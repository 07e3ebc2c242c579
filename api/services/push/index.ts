/** Web push: devices and preferences, and the reminders before live sessions. */
import { createWebPushSender, type PushSender } from '../../integrations/web-push';
import type { CalendarServices } from '../calendar';
import type { ServiceDependencies } from '../dependencies';
import type { JoinLinkServices } from '../join-links';
import { ReminderDeliveryService } from './reminder-delivery';
import { PushSubscriptionService } from './subscriptions';

export interface PushServices {
  pushSubscriptions: PushSubscriptionService;
  reminders: ReminderDeliveryService;
  /** The VAPID public key browsers subscribe with. */
  vapidPublicKey: string;
  /** Web push over fetch, signed with the VAPID keys (or the one given): every push the app sends goes through it. */
  pushSender: PushSender;
}

export function createPushServices(
  d: ServiceDependencies,
  { calendar, joinLinks }: Pick<CalendarServices, 'calendar'> & Pick<JoinLinkServices, 'joinLinks'>,
): PushServices {
  const { knex, clock, logger, mailer, publicUrl, push } = d;
  const pushSender = push.sender ?? createWebPushSender(push.vapid);
  return {
    pushSubscriptions: new PushSubscriptionService({ knex, clock, testOrigins: push.testOrigins }),
    reminders: new ReminderDeliveryService({
      knex,
      clock,
      logger,
      mailer,
      publicUrl,
      push: pushSender,
      calendarFile: (user, courseId) => calendar.fileForUser(user, courseId),
      joinUrl: (userId, courseId) => joinLinks.personalUrl(courseId, userId),
    }),
    vapidPublicKey: push.vapid.publicKey,
    pushSender,
  };
}
