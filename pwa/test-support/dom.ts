/**
 * What jsdom lacks for the PWA's component tests: Fluent's MessageBar, Drawer and Dialog measure
 * themselves with ResizeObserver, which jsdom does not have. Call in a `beforeEach`; the test's
 * `vi.unstubAllGlobals()` takes it away again.
 */
import { vi } from 'vitest';

export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
