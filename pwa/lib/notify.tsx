/**
 * Toasts (storefront spec §8, §9): one visible at a time, 5 seconds, default, destructive,
 * success, info and warning variants. `useNotify()` gives screens a single
 * `notify({ title, description, variant })`. The Toaster (toaster-host.tsx) loads just after the
 * first paint; a toast asked for before it is ready is shown as soon as it is.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Notification, Notify } from './notification';

const NotifyContext = createContext<Notify>(() => undefined);

const ToasterHost = lazy(() => import('./toaster-host'));

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const show = useRef<Notify | null>(null);
  const waiting = useRef<Notification | null>(null);
  const [mountHost, setMountHost] = useState(false);
  // After the first paint: the toasts are never part of it.
  useEffect(() => setMountHost(true), []);
  const notify = useCallback<Notify>((notification) => {
    if (show.current) show.current(notification);
    else waiting.current = notification; // one toast at a time: the latest wins
  }, []);
  const onReady = useCallback((ready: Notify) => {
    show.current = ready;
    const pending = waiting.current;
    waiting.current = null;
    if (pending) ready(pending);
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {mountHost ? (
        <Suspense fallback={null}>
          <ToasterHost onReady={onReady} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
