/**
 * Loads the header's popups (header-popups.tsx) once, after the first paint, and tracks what the
 * visitor did with a button before they arrived (focused it, asked to open it), so the swapped-in
 * popup opens and keeps the focus as if it had been there all along.
 */
import { useEffect, useState } from 'react';

type HeaderPopups = typeof import('./header-popups');

let loaded: HeaderPopups | undefined;
let loading: Promise<HeaderPopups> | undefined;

export function loadHeaderPopups(): Promise<HeaderPopups> {
  loading ??= import('./header-popups').then((module) => (loaded = module));
  return loading;
}

export function useHeaderPopups(): HeaderPopups | undefined {
  const [popups, setPopups] = useState(loaded);
  useEffect(() => {
    if (popups) return;
    let live = true;
    void loadHeaderPopups().then((module) => {
      if (live) setPopups(module);
    });
    return () => {
      live = false;
    };
  }, [popups]);
  return popups;
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
