/**
 * What a toast is (storefront spec §8, §9): a title, an optional description and a variant, shown
 * for 5 seconds. Shared by the provider (notify.tsx) and the Toaster it loads (toaster-host.tsx),
 * so neither imports the other's module for it.
 */
export const TOAST_TIMEOUT_MS = 5000;

export interface Notification {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success' | 'info' | 'warning';
}

export type Notify = (notification: Notification) => void;
