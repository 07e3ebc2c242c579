/**
 * Work the first screen does not need (the cart panel's code, the header's popups, the offline
 * copy) waits until the page has loaded and the browser is idle — at the latest two
 * seconds after the load event — so that on a slow device it does not compete with the first
 * content for the main thread. One promise for the whole app.
 */
import { whenIdle } from './yield';

let settled: Promise<void> | undefined;

export function afterFirstPaint(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(() => whenIdle(2000));
  return settled;
}

/**
 * Runs `callback` once the browser has painted the current frame (a frame, then a task), for work
 * that should follow what was just committed onto the screen. Returns the function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(callback, 0);
  };
  let frame: number | undefined;
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(later);
  else later();
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
