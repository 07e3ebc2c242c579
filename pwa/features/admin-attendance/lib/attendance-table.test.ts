import { describe, expect, it } from 'vitest';
import type { AttendanceRowDto } from '@contracts/attendance';
import { creditsText, pollsText, sortRows, timeText } from './attendance-table';

const row = (over: Partial<AttendanceRowDto>): AttendanceRowDto => ({
  id: over.email ?? 'id',
  userId: null,
  email: 'a@x.test',
  name: 'A',
  joinedAt: '2026-11-26T15:00:00.000Z',
  leftAt: '2026-11-26T16:25:00.000Z',
  minutes: 85,
  pollsAnswered: 5,
  pollsAsked: 6,
  credits: [{ kind: 'CPE', amount: 1.5 }],
  status: 'earned',
  reason: null,
  source: 'csv',
  ...over,
});

describe('the attendee table', () => {
  it('reads polls as "5 / 6", credits through formatCredits and times in the course’s zone', () => {
    expect(pollsText(row({}))).toBe('5 / 6');
    expect(pollsText(row({ pollsAnswered: 0, pollsAsked: 0 }))).toBe('—');
    expect(
      creditsText(
        row({
          credits: [
            { kind: 'CPE', fieldOfStudy: 'Regulatory Ethics', amount: 1.5 },
            { kind: 'contact_hours', amount: 1.5 },
          ],
        }),
      ),
    ).toBe('1.5 CPE — Regulatory Ethics; 1.5 contact hours');
    expect(timeText('2026-11-26T15:00:00.000Z', 'US/Eastern')).toBe('Nov 26, 26 10:00 AM EST');
    expect(timeText(null, 'US/Eastern')).toBe('—');
  });

  it('sorts by the column chosen, and equal values stay in e-mail order whichever the direction', () => {
    const rows = [
      row({ email: 'y@x.test', name: 'Buyer Y', minutes: 20 }),
      row({ email: 'c@x.test', name: 'Same', minutes: 50 }),
      row({ email: 'b@x.test', name: 'Same', minutes: 50 }),
      row({ email: 'x@x.test', name: 'Buyer X', minutes: 85 }),
    ];
    expect(sortRows(rows, { key: 'minutes', direction: 'ascending' }).map((r) => r.email)).toEqual(['y@x.test', 'b@x.test', 'c@x.test', 'x@x.test']);
    expect(sortRows(rows, { key: 'minutes', direction: 'descending' }).map((r) => r.email)).toEqual(['x@x.test', 'b@x.test', 'c@x.test', 'y@x.test']);
    expect(sortRows(rows, { key: 'name', direction: 'ascending' }).map((r) => r.email)).toEqual(['x@x.test', 'y@x.test', 'b@x.test', 'c@x.test']);
    expect(rows.map((r) => r.email)).toEqual(['y@x.test', 'c@x.test', 'b@x.test', 'x@x.test']);
  });
});
