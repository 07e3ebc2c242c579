/** How calendar mails name a session and its file. */

/** A file name from a title: letters, digits and dashes. */
export function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'session'
  );
}

/** "Tuesday, December 1, 2026, 9:00 AM EST" in the course's zone. */
export function formatSession(iso: string, timeZone: string | null): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone: timeZone ?? 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}
