import { describe, expect, it } from 'vitest';
import type { DashboardCell } from '@contracts/orgs';
import { cellLabel, pastedEmails, reminderSummary, rowStatusLabel } from './team-labels';

const cell = (over: Partial<DashboardCell>): DashboardCell => ({
  seatId: 's',
  courseId: 'c',
  status: 'assigned',
  progressPercent: 0,
  completedAt: null,
  dueAt: null,
  certificate: null,
  ...over,
});

describe('team labels', () => {
  it('says where a member stands on a course', () => {
    expect(cellLabel(cell({}))).toBe('Assigned');
    expect(cellLabel(cell({ dueAt: '2026-12-01T12:00:00Z' }))).toBe('Assigned, due 1 Dec 2026');
    expect(cellLabel(cell({ status: 'in_progress', progressPercent: 40 }))).toBe('In progress 40 %');
    expect(cellLabel(cell({ status: 'overdue', progressPercent: 40, dueAt: '2026-11-01T12:00:00Z' }))).toBe('Overdue since 1 Nov 2026 (40 %)');
    expect(cellLabel(cell({ status: 'completed', progressPercent: 100, completedAt: '2026-11-12T12:00:00Z' }))).toBe('Completed 12 Nov 2026');
    expect(
      cellLabel(
        cell({
          status: 'completed',
          completedAt: '2026-11-12T12:00:00Z',
          certificate: { number: 'CERT-2026-000001', validUntil: '2027-01-03T12:00:00Z', expiring: true },
        }),
      ),
    ).toBe('Completed 12 Nov 2026 · certificate expires 3 Jan 2027');
    // A certificate far from expiry is not flagged.
    expect(
      cellLabel(
        cell({ status: 'completed', completedAt: '2026-11-12T12:00:00Z', certificate: { number: 'X', validUntil: '2028-01-03T12:00:00Z', expiring: false } }),
      ),
    ).toBe('Completed 12 Nov 2026');
  });

  it('reads a pasted list however it was separated', () => {
    expect(pastedEmails(' a@x.com\nb@x.com, c@x.com;d@x.com  e@x.com\n\n')).toEqual(['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com', 'e@x.com']);
    expect(pastedEmails('  \n ')).toEqual([]);
  });

  it('names each row of the report', () => {
    expect(rowStatusLabel({ row: 2, email: 'a@x.com', status: 'invited' })).toBe('Invited');
    expect(rowStatusLabel({ row: 3, email: 'nope', status: 'error', message: 'Please enter a valid email address' })).toBe(
      'Refused: Please enter a valid email address',
    );
  });

  it('sums up a reminder', () => {
    expect(
      reminderSummary({
        reminded: 2,
        members: [
          { memberId: 'a', status: 'reminded' },
          { memberId: 'b', status: 'reminded' },
          { memberId: 'c', status: 'already_today' },
          { memberId: 'd', status: 'nothing_due' },
          { memberId: 'e', status: 'nothing_due' },
        ],
      }),
    ).toBe('Reminder sent to 2 people. 1 person already reminded today. 2 people with nothing outstanding.');
    expect(reminderSummary({ reminded: 1, members: [{ memberId: 'a', status: 'reminded' }] })).toBe('Reminder sent to 1 person.');
  });
});
