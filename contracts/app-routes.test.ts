import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-routes';

describe('isAppPath', () => {
  it('knows the app’s pages, with parameters and the admin area', () => {
    for (const path of [
      '/',
      '/courses',
      '/courses/',
      '/courses/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc',
      '/webinar-packs',
      '/admin/login',
      '/admin/dashboard',
      '/admin',
      '/profile',
      '/learn',
      '/downloads',
      '/team',
      '/learn/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc',
      '/learn/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc/lessons/1e3c7e2a-8d1b-4c8e-9b0a-123456789abc',
      '/learn/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc/assessments/2e3c7e2a-8d1b-4c8e-9b0a-123456789abc',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const path of ['/no/such/page', '/courses/a/b', '/coursess', '/index.php', '/profile/extra', '/learn/a/b', '/learn/a/lessons', '/learn/a/assessments'])
      expect(isAppPath(path), path).toBe(false);
  });
});
