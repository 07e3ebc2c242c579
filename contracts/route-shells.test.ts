import { describe, expect, it } from 'vitest';
import { COURSES_FIRST_PAGE_PATH, LESSON_SHELL_FILE, routeShellFor, shellPathPattern } from './route-shells';

const none = new URLSearchParams();
const COURSE = '0d3c7e2a-8d1b-4c8e-9b0a-123456789abc';
const LESSON = '1e3c7e2a-8d1b-4c8e-9b0a-123456789abc';

describe('the shell of an address', () => {
  it('keeps the exact-path shells: the landing page, and /courses only when its first read fits', () => {
    expect(routeShellFor('/', none)?.file).toBe('index.home.html');
    expect(routeShellFor('/courses', none)?.reads).toEqual([COURSES_FIRST_PAGE_PATH]);
    expect(routeShellFor('/courses', new URLSearchParams('search=gmp'))).toBeUndefined();
    expect(routeShellFor('/courses/', none)).toBeUndefined();
    expect(routeShellFor('/courses/abc', none)).toBeUndefined();
  });

  it('gives every lesson address the lesson shell, and no other page under /learn', () => {
    expect(routeShellFor(`/learn/${COURSE}/lessons/${LESSON}`, none)?.file).toBe(LESSON_SHELL_FILE);
    expect(routeShellFor(`/learn/${COURSE}/lessons/${LESSON}`, new URLSearchParams('t=1'))?.file).toBe(LESSON_SHELL_FILE);
    for (const path of [
      '/learn',
      `/learn/${COURSE}`,
      `/learn/${COURSE}/lessons`,
      `/learn/${COURSE}/lessons/`,
      `/learn//lessons/${LESSON}`,
      `/learn/${COURSE}/lessons/${LESSON}/x`,
      `/learn/${COURSE}/assessments/${LESSON}`,
    ]) {
      expect(routeShellFor(path, none), path).toBeUndefined();
    }
  });

  it('captures the segments of a pattern, and matches an exact path only exactly', () => {
    expect(shellPathPattern('/learn/:courseId/lessons/:lessonId').exec('/learn/c1/lessons/l%201')?.slice(1)).toEqual(['c1', 'l%201']);
    expect(shellPathPattern('/courses').test('/courses')).toBe(true);
    expect(shellPathPattern('/courses').test('/Courses')).toBe(false);
    expect(shellPathPattern('/').test('')).toBe(false);
  });
});
