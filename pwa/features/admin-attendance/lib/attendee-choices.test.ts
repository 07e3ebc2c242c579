import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_ATTENDEES, attendeeLabel, attendeeMatches } from './attendee-choices';

const people = Array.from({ length: 120 }, (_, i) => ({ userId: `u${i}`, name: `Person ${i}`, email: `p${i}@buyers.test` }));

describe('the Match picker’s options', () => {
  it('shows name and e-mail, narrowed by what was typed (the whole text, or each word in turn), at most 50 at a time', () => {
    expect(attendeeLabel({ name: 'Buyer X', email: 'x@buyers.test' })).toBe('Buyer X · x@buyers.test');
    expect(attendeeLabel({ name: '', email: 'x@buyers.test' })).toBe('x@buyers.test');
    expect(attendeeMatches(people, '')).toEqual({ shown: people.slice(0, MAX_SHOWN_ATTENDEES), more: 70 });
    expect(attendeeMatches(people, '  person 11 ').shown.map((p) => p.name)).toEqual([
      'Person 11',
      'Person 110',
      'Person 111',
      'Person 112',
      'Person 113',
      'Person 114',
      'Person 115',
      'Person 116',
      'Person 117',
      'Person 118',
      'Person 119',
    ]);
    expect(attendeeMatches(people, 'P7@BUYERS')).toEqual({ shown: [people[7]], more: 0 });
    expect(attendeeMatches(people, 'nobody')).toEqual({ shown: [], more: 0 });
    const buyers = ['w', 'x', 'y'].map((l) => ({ userId: l, name: `Buyer ${l.toUpperCase()}`, email: `${l}-mwygnwm6@buyers.test` }));
    expect(attendeeMatches(buyers, 'Buyer W').shown.map((b) => b.userId)).toEqual(['w']);
    expect(attendeeMatches(buyers, 'buyer y').shown.map((b) => b.userId)).toEqual(['y']);
    expect(attendeeMatches(buyers, 'y-mwyg').shown.map((b) => b.userId)).toEqual(['y']);
    expect(attendeeMatches(buyers, 'mwygnwm6').shown.map((b) => b.userId)).toEqual(['w', 'x', 'y']);
  });
});
