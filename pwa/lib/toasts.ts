/**
 * The back office's toasts (back-office spec §8): "Success" with the spec's text, a destructive
 * "Error" that prefers the server's message where it names the problem, a warning, and the forms'
 * "Validation Error".
 */
import { ApiError } from './api-client';
import { KeptForLaterError } from './kept-for-later';
import type { Notification } from './notification';
import { useNotify } from './notify';

/**
 * A destructive "Error" toast: the server's message where it names the problem, else the spec's
 * text. A write kept on the device for later (no connection) is not an error: it says so instead.
 */
export function failure(error: unknown, fallback: string): Notification {
  if (error instanceof KeptForLaterError) return { title: 'Saved on this device', description: error.message, variant: 'warning' };
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  return { title: 'Error', description: message ?? fallback, variant: 'destructive' };
}

export const success = (description: string): Notification => ({ title: 'Success', description, variant: 'success' });

/** Done, but not all of it (e.g. an account created whose welcome e-mail could not be sent). */
export const warning = (description: string): Notification => ({ title: 'Warning', description, variant: 'warning' });

/** The "Validation Error" toast of the back-office forms. */
export function useValidationToast() {
  const notify = useNotify();
  return (description: string) => notify({ title: 'Validation Error', description, variant: 'destructive' });
}
