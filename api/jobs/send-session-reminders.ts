/**
 * The reminder job (issue 15): every REMINDER_SWEEP_SECONDS, send the reminders before live
 * sessions that are due (T-24h, T-15min). Safe in any number of processes on one database: each
 * reminder is claimed with a unique row before it is sent (services/push/reminder-delivery.ts).
 * Tests run `sweep()` themselves with their own clock.
 */
import type { Logger } from '../logger';
import type { ReminderDeliveryService } from '../services/push/reminder-delivery';
import type { PeriodicJob } from './definitions';

export async function sendSessionReminders(reminders: ReminderDeliveryService, logger: Logger): Promise<void> {
  const result = await reminders.sweep();
  if (result.claimed > 0 || result.expired > 0) {
    logger.info(`Session reminders: ${result.sent} sent, ${result.retrying} to retry, ${result.cancelled} cancelled, ${result.expired} expired`);
  }
}

export function sessionRemindersJob(reminders: ReminderDeliveryService, seconds: number): PeriodicJob {
  return { name: 'session-reminders', everySeconds: seconds, run: ({ logger }) => sendSessionReminders(reminders, logger) };
}
