/**
 * The course forms check a course's numbers against the server's ranges (`courseWriteSchema`) with
 * the server's own messages, so what the form lets through the server takes, and what it refuses
 * reads the same as the server's 400 would.
 */
import { describe, expect, it } from 'vitest';
import { COURSE_LIMITS, COURSE_MESSAGES, courseWriteSchema } from './course-admin';
import { recordedCourseFormSchema, seminarFormSchema } from './course-admin-forms';

const SEMINAR = {
  title: 'Validation Summit',
  shortDescription: 'Two days.',
  code: '',
  location: 'Boston, MA',
  image: '',
  instructorName: 'Dr. Lee',
  instructorTitle: '',
  instructorBio: '',
  instructorImage: '',
  startDate: '2027-03-01',
  startTime: '09:00',
  endDate: '',
  endTime: '',
  duration: '480',
  timezone: 'US/Eastern',
  maxParticipants: '50',
  description: '',
  isActive: 'true',
};

const formMessages = (values: Record<string, string>) => {
  const result = seminarFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const serverMessages = (body: Record<string, unknown>) => {
  const result = courseWriteSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('course form numbers', () => {
  it.each(['0', '100001', '999999', '12.5', '-3', 'ninety'])('refuses duration %s with the server’s message', (duration) => {
    expect(formMessages({ ...SEMINAR, duration })).toEqual([COURSE_MESSAGES.duration]);
    expect(recordedCourseFormSchema.safeParse({ ...SEMINAR, category: '', duration }).error?.issues.map((issue) => issue.message)).toEqual([
      COURSE_MESSAGES.duration,
    ]);
    if (/^-?\d+(\.\d+)?$/.test(duration)) expect(serverMessages({ duration: Number(duration) })).toEqual([COURSE_MESSAGES.duration]);
  });

  it.each(['0', '100001', '999999', '2.5'])('refuses capacity %s with the server’s message', (maxParticipants) => {
    expect(formMessages({ ...SEMINAR, maxParticipants })).toEqual([COURSE_MESSAGES.capacity]);
    expect(serverMessages({ maxParticipants: Number(maxParticipants) })).toEqual([COURSE_MESSAGES.capacity]);
  });

  it('takes the ends of each range, and empty, as the server does', () => {
    for (const [duration, maxParticipants] of [
      [COURSE_LIMITS.duration.min, COURSE_LIMITS.maxParticipants.min],
      [COURSE_LIMITS.duration.max, COURSE_LIMITS.maxParticipants.max],
    ]) {
      expect(formMessages({ ...SEMINAR, duration: String(duration), maxParticipants: String(maxParticipants) })).toEqual([]);
      expect(serverMessages({ duration, maxParticipants })).toEqual([]);
    }
    expect(formMessages({ ...SEMINAR, duration: '', maxParticipants: '' })).toEqual([]);
  });

  it('names the ranges in the messages', () => {
    expect(COURSE_MESSAGES.duration).toBe('Duration must be a whole number of minutes from 1 to 100,000');
    expect(COURSE_MESSAGES.capacity).toBe('Capacity must be a whole number from 1 to 100,000');
  });
});
