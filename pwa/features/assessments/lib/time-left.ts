/** The exam's clock: what the timer shows, and what it announces (only at 5 and at 1 minute left). */

/** "12:05", or "1:02:05" from an hour on. */
export function formatTimeLeft(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const ANNOUNCED_MINUTES = [5, 1] as const;

/** The smallest announced mark at or above the time left (5 at 4:59, 1 at 0:59), or null above 5 minutes. */
export function markReached(ms: number): number | null {
  const reached = ANNOUNCED_MINUTES.filter((minutes) => ms <= minutes * 60_000);
  return reached.length > 0 ? Math.min(...reached) : null;
}

export function announcement(minutes: number): string {
  return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
}
