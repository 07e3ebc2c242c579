import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this app with its query and hash', () => {
    expect(safeReturnPath('/courses/abc')).toBe('/courses/abc');
    expect(safeReturnPath('/courses?type=live_seminar#top')).toBe('/courses?type=live_seminar#top');
  });

  it('refuses other origins and anything that is not a path', () => {
    for (const value of [null, '', 'courses/abc', '//evil.example/x', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', 'javascript:alert(1)'])
      expect(safeReturnPath(value)).toBeNull();
  });

  it('builds the sign-in address that comes back to a course', () => {
    const address = loginReturningTo('/courses/abc');
    expect(address).toBe('/login?returnTo=%2Fcourses%2Fabc');
    expect(safeReturnPath(new URL(address, 'https://x.example').searchParams.get('returnTo'))).toBe('/courses/abc');
  });
});
