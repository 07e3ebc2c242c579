/** A My Training entry (`GET /api/me/library`) for the PWA's component tests: a bought recorded course half watched, with what the test cares about overridden. */
import type { LibraryItem } from '@contracts/learning';

export function makeLibraryItem(overrides: Partial<LibraryItem> = {}): LibraryItem {
  return {
    courseId: 'c1',
    title: 'GMP Essentials',
    type: 'recorded_course',
    source: 'order',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: null,
    progressPercent: 50,
    lastLessonId: 'l1',
    nextSessionAt: null,
    image: null,
    completedAt: null,
    left: [],
    leftText: '',
    ...overrides,
  };
}
