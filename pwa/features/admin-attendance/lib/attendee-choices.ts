/**
 * The Match picker's options: the course's attendees whose "name · e-mail" holds what was typed,
 * or each of whose typed words is a word of it, the last one perhaps only begun ("buyer w" finds
 * "Buyer W · w-1@x.test", not "Buyer X · x-w1@x.test"); the first `MAX_SHOWN_ATTENDEES` of them.
 */
import type { AttendeeChoiceDto } from '@contracts/attendance';

export const MAX_SHOWN_ATTENDEES = 50;

export const attendeeLabel = (a: Pick<AttendeeChoiceDto, 'name' | 'email'>) => (a.name ? `${a.name} · ${a.email}` : a.email);

const WORD = /[^\p{L}\p{N}]+/u;

export function attendeeMatches(attendees: readonly AttendeeChoiceDto[], typed: string): { shown: AttendeeChoiceDto[]; more: number } {
  const text = typed.trim().toLowerCase();
  const starts = text.split(WORD).filter(Boolean);
  const fits = (a: AttendeeChoiceDto) => {
    const label = attendeeLabel(a).toLowerCase();
    if (label.includes(text)) return true;
    const words = label.split(WORD);
    // Each typed word is a word of it, the last perhaps still being typed.
    return starts.length > 0 && starts.every((start, i) => words.some((word) => (i === starts.length - 1 ? word.startsWith(start) : word === start)));
  };
  const all = text ? attendees.filter(fits) : [...attendees];
  return { shown: all.slice(0, MAX_SHOWN_ATTENDEES), more: Math.max(0, all.length - MAX_SHOWN_ATTENDEES) };
}
