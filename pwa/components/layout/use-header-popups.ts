/**
 * Loads the header's popups (header-popups.tsx) once, when the page has settled, and tracks what the
 * visitor did with a button before they arrived (focused it, asked to open it), so the swapped-in
 * popup opens and keeps the focus as if it had been there all along.
 */
import { useState } from 'react';
import { preloadable, useLoaded } from '../../lib/preloadable';

type HeaderPopups = typeof import('./header-popups');

const popups = preloadable<HeaderPopups>(() => import('./header-popups'));

/** The popups' code, loaded once the page has settled, or at once when `needed` (a stand-in button was used). */
export function useHeaderPopups(needed = false): HeaderPopups | undefined {
  return useLoaded(popups, { now: needed });
}

export interface EarlyUse {
  open: boolean;
  focused: boolean;
}

/** Handlers for the stand-in button, and what they recorded. */
export function useEarlyUse() {
  const [use, setUse] = useState<EarlyUse>({ open: false, focused: false });
  const handlers = {
    onFocus: () => setUse((current) => ({ ...current, focused: true })),
    onBlur: () => setUse((current) => ({ ...current, focused: false })),
    onClick: () => setUse({ open: true, focused: true }),
  };
  return [use, handlers] as const;
}
