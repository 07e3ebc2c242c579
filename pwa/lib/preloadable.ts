/**
 * Code split from the first load and asked for once: `preload()` starts (or joins) its download,
 * `loaded` holds it once it has arrived, so a part whose code is already there renders at once.
 * `useLoaded` gives a component that part: now, or once the page has settled (`afterFirstPaint`).
 * The one way the app defers a part (home sections, pages, header popups, the cart panel).
 *
 * A load that failed is forgotten: the next `preload()` asks the network again (browsers no longer
 * keep a failed dynamic import: Chromium fetches the same URL, and its failed imports, anew).
 */
import { useEffect, useState } from 'react';
import { afterFirstPaint } from './after-first-paint';

export interface Preloadable<T> {
  preload(): Promise<T>;
  readonly loaded: T | undefined;
}

export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    preload: () =>
      (loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
  };
}

/**
 * The part once its code is there. It is asked for at once when `now`, otherwise when the page has
 * settled (and at once as soon as `now` turns true). A part that cannot be loaded is thrown to the
 * nearest error boundary (components/error-boundary.tsx, whose "Try again" mounts it afresh, and so
 * asks again) when `throwOnError`, and otherwise stays undefined; either way it is asked for again
 * when it is wanted anew (`now` turning true: a stand-in used again, the cart opened again).
 */
export function useLoaded<T>(part: Preloadable<T>, options: { now?: boolean; throwOnError?: boolean } = {}): T | undefined {
  const { now = true, throwOnError = false } = options;
  // Kept in a box: a component is a function, which useState would call.
  const [state, setState] = useState<{ value?: T; error?: unknown }>(() => ({ value: part.loaded }));
  const [wanted, setWanted] = useState(now);
  let { error } = state;
  if (now !== wanted) {
    // Adjusted while rendering, so a failure of the earlier, unwanted load is not thrown now.
    setWanted(now);
    if (now && error !== undefined) {
      error = undefined;
      setState({ value: part.loaded });
    }
  }
  const settled = state.value !== undefined || error !== undefined;
  useEffect(() => {
    if (settled) return;
    let live = true;
    void (now ? Promise.resolve() : afterFirstPaint()).then(part.preload).then(
      (value) => live && setState({ value }),
      (failure: unknown) => live && setState({ error: failure }),
    );
    return () => {
      live = false;
    };
  }, [part, now, settled]);
  if (throwOnError && error !== undefined) throw error;
  return state.value;
}
