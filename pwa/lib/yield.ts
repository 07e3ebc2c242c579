/** Cooperative pauses for background work, so it never holds the main thread for long. */

/** Resolves in a new task (`scheduler.yield()` where the browser has it), letting input and rendering run first. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function* inChunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Resolves when the browser is idle (at the latest after `timeoutMs`), for work that can wait. */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number }).requestIdleCallback;
  if (typeof idle === 'function') return new Promise((resolve) => idle(() => resolve(), { timeout: timeoutMs }));
  return new Promise((resolve) => setTimeout(resolve, 0));
}
