import { defineConfig } from 'vitest/config';
import { ALIASES } from './aliases';

export default defineConfig({
  resolve: { alias: ALIASES },
  test: {
    include: [
      'contracts/**/*.test.ts',
      'api/**/*.test.ts',
      'db/**/*.test.ts',
      'pwa/**/*.test.ts',
      'pwa/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
