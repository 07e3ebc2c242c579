/** The Match picker's options: the course's attendees whose name or e-mail holds what was typed, the first `MAX_SHOWN_ATTENDEES` of them. */
import type { AttendeeChoiceDto } from '@contracts/attendance';

export const MAX_SHOWN_ATTENDEES = 50;

export const attendeeLabel = (a: Pick<AttendeeChoiceDto, 'name' | 'email'>) => (a.name ? `${a.name} · ${a.email}` : a.email);

export function attendeeMatches(attendees: readonly AttendeeChoiceDto[], typed: string): { shown: AttendeeChoiceDto[]; more: number } {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const all = words.length ? attendees.filter((a) => words.every((w) => attendeeLabel(a).toLowerCase().includes(w))) : [...attendees];
  return { shown: all.slice(0, MAX_SHOWN_ATTENDEES), more: Math.max(0, all.length - MAX_SHOWN_ATTENDEES) };
}
