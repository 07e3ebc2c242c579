/**
 * Toasts (storefront spec §8, §9): one visible at a time, 5 seconds, default and destructive
 * variants. `useNotify()` gives screens a single `notify({ title, description, variant })`.
 */
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';

export const TOAST_TIMEOUT_MS = 5000;

export interface Notification {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success' | 'info';
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify>(() => undefined);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  const notify = useCallback<Notify>(
    ({ title, description, variant = 'default' }) => {
      dismissAllToasts();
      const intent = variant === 'destructive' ? 'error' : variant === 'info' ? 'info' : 'success';
      dispatchToast(
        <Toast appearance="inverted" aria-live={variant === 'destructive' ? 'assertive' : 'polite'}>
          <ToastTitle>{title}</ToastTitle>
          {description ? <ToastBody>{description}</ToastBody> : null}
        </Toast>,
        // Not a tab stop: these toasts carry no actions, and a focused Fluent toast container
        // traps Tab (it moves focus to its first focusable child — there is none) and stops its
        // timer. Screen readers still hear the text through the Toaster's live announcement, and
        // Escape still dismisses it.
        { intent, timeout: TOAST_TIMEOUT_MS, position: 'bottom-end', root: { tabIndex: -1 } },
      );
    },
    [dispatchToast, dismissAllToasts],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Toaster toasterId={toasterId} limit={1} pauseOnHover pauseOnWindowBlur />
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
