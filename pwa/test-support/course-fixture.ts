/** A complete wire-format course for the PWA's component and unit tests: defaults, with what the test cares about overridden. */
import type { Course } from '@contracts/catalogue';

export function makeCourse(overrides: Partial<Course> & Pick<Course, 'id'>): Course {
  return {
    title: overrides.id,
    code: overrides.id.toUpperCase(),
    type: 'webinar',
    category: null,
    price: '100.00',
    shortDescription: null,
    description: null,
    image: null,
    startDate: null,
    endDate: null,
    duration: 60,
    timezone: 'US/Eastern',
    location: null,
    maxParticipants: null,
    currentParticipants: 0,
    tags: [],
    isActive: true,
    instructorId: null,
    instructor: null,
    instructorName: null,
    instructorTitle: null,
    instructorImage: null,
    instructorBio: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}
