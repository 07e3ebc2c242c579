import { describe, expect, it } from 'vitest';
import { makeCourse } from '@pwa/test-support/course-fixture';
import { commonBody, richTextOrNull, scheduleBody, scheduleValues, toIso, toWallClock } from './course-form-values';

describe('course form values', () => {
  it('turn a wall clock in the course zone into UTC and back, across daylight saving', () => {
    expect(toIso('2027-01-15', '09:00', 'US/Eastern')).toBe('2027-01-15T14:00:00.000Z');
    expect(toIso('2027-07-15', '09:00', 'US/Eastern')).toBe('2027-07-15T13:00:00.000Z');
    expect(toIso('2027-07-15', '09:00', 'Asia/Tokyo')).toBe('2027-07-15T00:00:00.000Z');
    expect(toWallClock('2027-07-15T13:00:00.000Z', 'US/Eastern')).toEqual({ date: '2027-07-15', time: '09:00' });
    expect(toIso('', '09:00', 'US/Eastern')).toBeNull();
  });

  it('make a single-day event end on its start day at the end time, and send blanks as null', () => {
    const body = scheduleBody({ startDate: '2027-06-01', startTime: '09:00', endDate: '', endTime: '17:00', duration: '480', timezone: 'US/Eastern' });
    expect(body).toEqual({ startDate: '2027-06-01T13:00:00.000Z', endDate: '2027-06-01T21:00:00.000Z', duration: 480, timezone: 'US/Eastern' });
    expect(scheduleBody({ startDate: '', startTime: '', endDate: '', endTime: '', duration: '', timezone: 'US/Pacific' })).toEqual({
      startDate: null,
      endDate: null,
      duration: null,
      timezone: 'US/Pacific',
    });
  });

  it('fill a new form with the defaults and an existing course with its own values', () => {
    const defaults = { duration: 480, startTime: '09:00', endTime: '17:00' };
    expect(scheduleValues(undefined, defaults)).toMatchObject({ startTime: '09:00', endTime: '17:00', duration: '480', timezone: 'US/Eastern' });
    const course = makeCourse({ id: 'c1', startDate: '2027-03-01T15:00:00.000Z', endDate: null, duration: null, timezone: 'Europe/London' });
    expect(scheduleValues(course, defaults)).toMatchObject({
      startDate: '2027-03-01',
      startTime: '15:00',
      endDate: '',
      duration: '',
      timezone: 'Europe/London',
    });
  });

  it('treat an empty editor as no description', () => {
    expect(richTextOrNull('<p></p>')).toBeNull();
    expect(richTextOrNull('<h2>Agenda</h2>')).toBe('<h2>Agenda</h2>');
    expect(commonBody({ title: ' GMP ', shortDescription: ' ', image: '', description: '<p></p>', isActive: 'false' })).toEqual({
      title: 'GMP',
      shortDescription: null,
      image: null,
      description: null,
      isActive: false,
    });
  });
});
