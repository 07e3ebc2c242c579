/**
 * The lesson shell starts the app's code itself: its entry is only preloaded there (`<link
 * rel="modulepreload" data-app-entry>`, scripts/vite-route-shells.ts), and imported once the early
 * player's first frame is ready or it gave up (`early-player.ts`): evaluated beside it, the app's
 * code held the early reads and the frame back by about half a second at 4× CPU. Never later than
 * APP_START_CAP_MS after this script ran. Where this script never ran (it failed to load), the
 * shell's fallback starts the app (APP_START_FALLBACK_MS after the page parsed).
 */

/** The longest the app waits for the early player. */
export const APP_START_CAP_MS = 1500;

declare global {
  interface Window {
    /** Set once something asked for the app's entry (this script or the shell's fallback). */
    __appStarted?: boolean;
  }
}

export function startAppAfter(win: Window, ready: Promise<void> | undefined): void {
  const start = () => {
    const entry = win.document.querySelector<HTMLLinkElement>('link[data-app-entry]')?.href;
    if (win.__appStarted || !entry) return;
    win.__appStarted = true;
    void import(/* @vite-ignore */ entry);
  };
  if (!ready) return start();
  void ready.then(start, start);
  win.setTimeout(start, APP_START_CAP_MS);
}
