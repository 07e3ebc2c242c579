/**
 * A button that downloads one file from the API: busy while it runs, and on failure the
 * server's message (or the given one) in a toast. "Download Invoice", "Download Receipt" and
 * "Add to calendar" are this button.
 */
import { Button, type ButtonProps } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@pwa/lib/api-client';
import { useNotify } from '@pwa/lib/notify';

export interface DownloadButtonProps extends Pick<ButtonProps, 'appearance' | 'icon' | 'size'> {
  children: ReactNode;
  /** The download; resolves once the browser has the file. */
  download: () => Promise<unknown>;
  /** The toast's title when the download fails (the button's own words). */
  failureTitle: string;
  failureMessage: string;
  'aria-label'?: string;
}

export function DownloadButton({ children, download, failureTitle, failureMessage, ...props }: DownloadButtonProps) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
      notify({ title: failureTitle, description: message ?? failureMessage, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...props} onClick={() => void run()} disabled={busy} aria-busy={busy || undefined}>
      {children}
    </Button>
  );
}
