/**
 * The toasts' Fluent Toaster, loaded just after the first paint by `NotificationsProvider`
 * (notify.tsx): it hands the provider the function that shows a toast.
 */
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { TOAST_TIMEOUT_MS, type Notification } from './notification';

export default function ToasterHost({ onReady }: { onReady: (show: (notification: Notification) => void) => void }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  useEffect(() => {
    onReady(({ title, description, variant = 'default' }) => {
      dismissAllToasts();
      const intent = variant === 'destructive' ? 'error' : variant === 'info' || variant === 'warning' ? variant : 'success';
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
    });
  }, [onReady, dispatchToast, dismissAllToasts]);
  return <Toaster toasterId={toasterId} limit={1} pauseOnHover pauseOnWindowBlur />;
}
