/**
 * Toasts (storefront spec §8, §9): one visible at a time, 5 seconds, default, destructive,
 * success, info and warning variants. `useNotify()` gives screens a single
 * `notify({ title, description, variant })`. The Toaster (toaster-host.tsx) loads just after the
 * first paint; a toast asked for before it is ready is shown as soon as it is. A Toaster whose code
 * could not be loaded is asked for again with the next toast (never an error for the whole app).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Notification, Notify } from './notification';
import { preloadable, useLoaded } from './preloadable';

const NotifyContext = createContext<Notify>(() => undefined);

type Ready = (show: Notify, attempt: number) => void;

const toaster = preloadable(() => import('./toaster-host').then((module) => module.default));

function Toasts({ attempt, onReady }: { attempt: number; onReady: Ready }) {
  const Host = useLoaded(toaster);
  const ready = useCallback((show: Notify) => onReady(show, attempt), [onReady, attempt]);
  return Host ? <Host onReady={ready} /> : null;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const show = useRef<Notify | null>(null);
  const waiting = useRef<Notification | null>(null);
  const [mountHost, setMountHost] = useState(false);
  // Bumped by a toast asked for before the Toaster is there: mounted afresh, it asks again if it failed.
  // Only the Toaster of the latest attempt is taken: one that becomes ready in the same commit as
  // the toast (before the bump has rendered) is about to be replaced, and would take the toast along.
  const attempts = useRef(0);
  const [attempt, setAttempt] = useState(0);
  // After the first paint: the toasts are never part of it.
  useEffect(() => setMountHost(true), []);
  const notify = useCallback<Notify>((notification) => {
    if (show.current) show.current(notification);
    else {
      waiting.current = notification; // one toast at a time: the latest wins
      attempts.current += 1;
      setAttempt(attempts.current);
    }
  }, []);
  const onReady = useCallback<Ready>((ready, from) => {
    if (from !== attempts.current) return;
    show.current = ready;
    const pending = waiting.current;
    waiting.current = null;
    if (pending) ready(pending);
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {mountHost ? <Toasts key={attempt} attempt={attempt} onReady={onReady} /> : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
