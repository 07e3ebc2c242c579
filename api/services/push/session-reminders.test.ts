import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../integrations/web-push';
import { dueReminders, reminderTopic, retryDelayMs, startsIn, ttlSeconds } from './session-reminders';

const H = 3_600_000;
const M = 60_000;
const start = Date.parse('2027-03-01T15:00:00.000Z');
const candidate = (enrolledAt: number, claimed: Array<'day_before' | 'soon'> = []) => ({
  enrollmentId: 'e1',
  enrolledAt: new Date(enrolledAt).toISOString(),
  startsAt: new Date(start).toISOString(),
  claimed,
});
const kinds = (now: number, c = candidate(start - 7 * 24 * H)) => dueReminders([c], new Date(now));

describe('dueReminders', () => {
  it('is day_before from T-24h until T-15min, then soon until the start, then nothing', () => {
    expect(kinds(start - 24 * H - 1).due).toEqual([]);
    expect(kinds(start - 24 * H).due.map((r) => r.kind)).toEqual(['day_before']);
    expect(kinds(start - 15 * M - 1).due.map((r) => r.kind)).toEqual(['day_before']);
    expect(kinds(start - 15 * M).due.map((r) => r.kind)).toEqual(['soon']);
    expect(kinds(start - 1).due.map((r) => r.kind)).toEqual(['soon']);
    expect(kinds(start).due).toEqual([]);
  });

  it('skips day_before for an enrollment made after T-24h, and what is claimed already', () => {
    const late = kinds(start - 10 * H, candidate(start - 20 * H));
    expect(late.due).toEqual([]);
    expect(late.skipped.map((r) => r.kind)).toEqual(['day_before']);
    expect(kinds(start - 10 * M, candidate(start - 20 * H)).due.map((r) => r.kind)).toEqual(['soon']);
    expect(kinds(start - 10 * H, candidate(start - 7 * 24 * H, ['day_before'])).due).toEqual([]);
    expect(kinds(start - 10 * M, candidate(start - 7 * 24 * H, ['day_before', 'soon'])).due).toEqual([]);
  });
});

describe('timing helpers', () => {
  it('backs off exponentially up to 15 minutes, never sooner than Retry-After', () => {
    expect([1, 2, 3, 10].map((n) => retryDelayMs(n, null))).toEqual([30_000, 60_000, 120_000, 900_000]);
    expect(retryDelayMs(1, 600_000)).toBe(600_000);
    expect(retryDelayMs(3, 1000)).toBe(120_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2027-03-01T14:00:00.000Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 01 Mar 2027 14:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('keeps the message until the start, says how long is left, and gives each session and kind its own topic', () => {
    expect(ttlSeconds(new Date(start).toISOString(), new Date(start - 15 * M))).toBe(900);
    expect(ttlSeconds(new Date(start).toISOString(), new Date(start + M))).toBe(1);
    expect(startsIn(24 * H)).toBe('in 24 hours');
    expect(startsIn(15 * M)).toBe('in 15 minutes');
    expect(startsIn(3 * H + 20 * M)).toBe('in 3 hours 20 minutes');
    const a = reminderTopic({ courseId: 'c', startsAt: '2027-03-01T15:00:00.000Z', kind: 'soon' });
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reminderTopic({ courseId: 'c', startsAt: '2027-03-02T15:00:00.000Z', kind: 'soon' })).not.toBe(a);
    expect(reminderTopic({ courseId: 'c', startsAt: '2027-03-01T15:00:00.000Z', kind: 'day_before' })).not.toBe(a);
  });
});
