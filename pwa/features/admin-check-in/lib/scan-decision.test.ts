/** The scanner's decision from the device's list (issue 30, point 5): every outcome, and scans kept on the list. */
import { describe, expect, it } from 'vitest';
import { ticketCourseTag, type CheckInList } from '@contracts/check-in';
import { byTicketHash, canonicalCode, decideScan, isIn, outcomeMessage, withScan } from './scan-decision';
import { ticketHash } from './ticket-hash';

const COURSE = '1a2b3c4d-0000-4000-8000-000000000001';
const OTHER = '9f8e7d6c-0000-4000-8000-000000000002';
const code = (courseId: string, secret: string) => `LSA1.${ticketCourseTag(courseId)}.${secret}`;
const ADA = code(COURSE, 'ABCDEFGHJKMNPQRSTVWX');
const BEN = code(COURSE, '0123456789ABCDEFGHJK');
const GONE = code(COURSE, 'ZZZZZZZZZZZZZZZZZZZZ');

async function list(): Promise<CheckInList> {
  return {
    course: { id: COURSE, title: 'GMP in Person', startDate: null, location: null, courseTag: ticketCourseTag(COURSE) },
    attendees: [
      { ticketHash: await ticketHash(ADA), name: 'Ada', revoked: false, lastIn: null, lastOut: null, scans: 0 },
      { ticketHash: await ticketHash(BEN), name: 'Ben', revoked: false, lastIn: '2026-12-01T09:58:00.000Z', lastOut: null, scans: 0 },
      { ticketHash: await ticketHash(GONE), name: 'Gus', revoked: true, lastIn: null, lastOut: null, scans: 0 },
    ],
  };
}

const decide = async (l: CheckInList, scanned: string, direction: 'in' | 'out' = 'in') =>
  decideScan(l, byTicketHash(l), scanned, canonicalCode(scanned) ? await ticketHash(canonicalCode(scanned)!) : null, direction);

describe('decideScan', () => {
  it('checks in a ticket of the list, and says "already" for one that is in, with the time', async () => {
    const l = await list();
    expect(await decide(l, ADA)).toMatchObject({ kind: 'recorded', direction: 'in', name: 'Ada', code: ADA });
    const again = await decide(l, BEN);
    expect(again).toEqual({ kind: 'already', direction: 'in', name: 'Ben', at: '2026-12-01T09:58:00.000Z' });
    expect(outcomeMessage(again, () => '9:58').text).toBe('Already checked in at 9:58 — Ben');
    expect(outcomeMessage(await decide(l, ADA)).text).toBe('Checked in: Ada');
  });

  it('tells another session, a revoked ticket and an unknown one apart', async () => {
    const l = await list();
    expect(await decide(l, code(OTHER, 'ABCDEFGHJKMNPQRSTVWX'))).toEqual({ kind: 'other-session' });
    expect(outcomeMessage({ kind: 'other-session' }).text).toBe('This ticket is for another session');
    expect(await decide(l, GONE)).toEqual({ kind: 'revoked', name: 'Gus' });
    expect(await decide(l, code(COURSE, 'YYYYYYYYYYYYYYYYYYYY'))).toEqual({ kind: 'unknown' });
    expect(await decide(l, 'https://example.com/not-a-ticket')).toEqual({ kind: 'unknown' });
    expect(outcomeMessage({ kind: 'unknown' }).text).toBe('Unknown ticket');
  });

  it('checks out only who is in; a kept scan moves the times on, never back', async () => {
    let l = await list();
    expect(await decide(l, ADA, 'out')).toEqual({ kind: 'not-in', name: 'Ada' });
    expect(await decide(l, BEN, 'out')).toMatchObject({ kind: 'recorded', direction: 'out' });
    const hash = await ticketHash(BEN);
    l = withScan(l, hash, 'out', '2026-12-01T12:00:00.000Z');
    expect(isIn(l.attendees[1]!)).toBe(false);
    expect(await decide(l, BEN, 'out')).toEqual({ kind: 'already', direction: 'out', name: 'Ben', at: '2026-12-01T12:00:00.000Z' });
    l = withScan(l, hash, 'out', '2026-12-01T11:00:00.000Z');
    expect(l.attendees[1]!.lastOut).toBe('2026-12-01T12:00:00.000Z');
    l = withScan(l, hash, 'in', '2026-12-01T13:00:00.000Z');
    expect(isIn(l.attendees[1]!)).toBe(true);
  });
});
