/**
 * Code split from the first load and asked for once: `preload()` starts (or joins) its download,
 * `loaded` holds it once it has arrived, so a part whose code is already there renders at once.
 * `useLoaded` gives a component that part: now, or once the page has settled (`afterFirstPaint`).
 * The one way the app defers a part (home sections, pages, header popups, the cart panel).
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
      (loading ??= load().then((value) => {
        loaded = value;
        return value;
      })),
    get loaded() {
      return loaded;
    },
  };
}

/**
 * The part once its code is there. It is asked for at once when `now`, otherwise when the page has
 * settled (and at once as soon as `now` turns true). A part that cannot be loaded is thrown to the
 * nearest error boundary when `throwOnError`, and otherwise stays undefined.
 */
export function useLoaded<T>(part: Preloadable<T>, options: { now?: boolean; throwOnError?: boolean } = {}): T | undefined {
  const { now = true, throwOnError = false } = options;
  // Kept in a box: a component is a function, which useState would call.
  const [state, setState] = useState<{ value?: T; error?: unknown }>(() => ({ value: part.loaded }));
  const settled = state.value !== undefined || state.error !== undefined;
  useEffect(() => {
    if (settled) return;
    let live = true;
    void (now ? Promise.resolve() : afterFirstPaint())
      .then(part.preload)
      .then(
        (value) => live && setState({ value }),
        (error: unknown) => live && setState({ error }),
      );
    return () => {
      live = false;
    };
  }, [part, now, settled]);
  if (throwOnError && state.error !== undefined) throw state.error;
  return state.value;
}
