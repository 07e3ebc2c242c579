/**
 * Loads the header's popups (header-popups.tsx) once, when the page has settled, and tracks what the
 * visitor did with a button before they arrived (focused it, asked to open it), so the swapped-in
 * popup opens and keeps the focus as if it had been there all along.
 *
 * A stand-in that is being pressed is not swapped until the press is over: the button under a
 * pointer that went down on the stand-in and comes up on its replacement gets no click (the click
 * goes to the element both share, here the header), so the visitor's click would be lost.
 */
import { useEffect, useState } from 'react';
import { preloadable, useLoaded } from '../../lib/preloadable';

type HeaderPopups = typeof import('./header-popups');

const popups = preloadable<HeaderPopups>(() => import('./header-popups'));

export interface EarlyUse {
  open: boolean;
  focused: boolean;
  /** A pointer went down on the stand-in and has not come up yet. */
  pressed: boolean;
}

/**
 * The popups' code, loaded once the page has settled, or at once when the stand-in was used
 * (focused or asked to open). Undefined while it is loading, and while the stand-in is pressed.
 */
export function useHeaderPopups(early: EarlyUse): HeaderPopups | undefined {
  const loaded = useLoaded(popups, { now: early.open || early.focused });
  return early.pressed ? undefined : loaded;
}

/** Handlers for the stand-in button, and what they recorded. */
export function useEarlyUse() {
  const [use, setUse] = useState<EarlyUse>({ open: false, focused: false, pressed: false });
  useEffect(() => {
    if (!use.pressed) return;
    // The press ends when the pointer comes up anywhere. The click that follows a release is
    // dispatched in the same task, so the stand-in is let go of only in the next one.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      timer ??= setTimeout(() => setUse((current) => ({ ...current, pressed: false })), 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      clearTimeout(timer);
    };
  }, [use.pressed]);
  const handlers = {
    onPointerDown: () => setUse((current) => ({ ...current, pressed: true })),
    onFocus: () => setUse((current) => ({ ...current, focused: true })),
    onBlur: () => setUse((current) => ({ ...current, focused: false })),
    onClick: () => setUse((current) => ({ ...current, open: true, focused: true })),
  };
  return [use, handlers] as const;
}
