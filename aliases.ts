/**
 * Path aliases, one list for TypeScript (tsconfig.json `paths` mirrors it), Vite and Vitest. tsx
 * and Playwright read tsconfig's `paths` themselves. Imports never climb more than two levels:
 * deeper ones use these (the lint enforces it).
 */
import { fileURLToPath } from 'node:url';

const here = (folder: string) => fileURLToPath(new URL(folder, import.meta.url));

export const ALIASES = {
  '@contracts': here('./contracts'),
  '@api': here('./api'),
  '@db': here('./db'),
  '@pwa': here('./pwa'),
};
