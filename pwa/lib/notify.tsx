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

type Ready = (show: Notify) => void;

const toaster = preloadable(() => import('./toaster-host').then((module) => module.default));

function Toasts({ onReady }: { onReady: Ready }) {
  const Host = useLoaded(toaster);
  return Host ? <Host onReady={onReady} /> : null;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const show = useRef<Notify | null>(null);
  const waiting = useRef<Notification | null>(null);
  const [mountHost, setMountHost] = useState(false);
  // Bumped by a toast asked for before the Toaster is there: mounted afresh, it asks again if it failed.
  const [attempt, setAttempt] = useState(0);
  // After the first paint: the toasts are never part of it.
  useEffect(() => setMountHost(true), []);
  const notify = useCallback<Notify>((notification) => {
    if (show.current) show.current(notification);
    else {
      waiting.current = notification; // one toast at a time: the latest wins
      setAttempt((count) => count + 1);
    }
  }, []);
  const onReady = useCallback<Ready>((ready) => {
    show.current = ready;
    const pending = waiting.current;
    waiting.current = null;
    if (pending) ready(pending);
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {mountHost ? <Toasts key={attempt} onReady={onReady} /> : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
