/** What the back office's waitlist dialog says (issue 35; the back-office spec has no wording for it yet). */
import type { StaffWaitlist } from '@contracts/waitlists';
import { formatDateTime } from '@pwa/lib/format';

type Entry = StaffWaitlist['entries'][number];

export const STAFF_WAITLIST_TEXTS = {
  action: 'Waitlist',
  title: (course: string) => `Waitlist: ${course}`,
  listLabel: (course: string) => `Waitlist of ${course}`,
  empty: 'No one is waiting for this session.',
  loading: 'Loading the waitlist...',
  loadFailed: 'Could not load the waitlist.',
  moveFailed: 'Could not reorder the waitlist. Please try again.',
  offline: 'You are offline. Reordering the waitlist needs an internet connection.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moved: (name: string, position: number) => `Moved ${name} to position ${position}.`,
  close: 'Close',
  tryAgain: 'Try Again',
} as const;

/** Beside the entry's status badge: its position, or the seat held for it and until when. */
export function entryStatusText(entry: Entry): string {
  if (entry.status === 'waiting') return `Position ${entry.position ?? '–'}`;
  if (entry.status === 'offered') return entry.offerExpiresAt ? `Seat held until ${formatDateTime(entry.offerExpiresAt)}` : 'Seat held';
  return 'Paying for the held seat';
}
