/**
 * Work the first screen does not need (the cart panel's code, the header's popups, the offline
 * copy) waits until the page has loaded and the browser is idle — at the latest two
 * seconds after the load event — so that on a slow device it does not compete with the first
 * content for the main thread. One promise for the whole app.
 */
let settled: Promise<void> | undefined;

export function afterFirstPaint(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => resolve(), { timeout: 2000 }) : window.setTimeout(resolve, 200));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return settled;
}
