/** Course types with a live session, which reminders are sent for (no zod: the course page imports it). */
export const LIVE_SESSION_TYPES = ['live_webinar', 'live_seminar'] as const;

export function isLiveSessionType(type: string): boolean {
  return (LIVE_SESSION_TYPES as readonly string[]).includes(type);
}
