/**
 * Where focus goes when a dialog closes (its content unmounts after the closing motion): back to
 * the button that opened it, or to `fallback` (the page's heading) when that button is gone or
 * disabled — after a cancellation or a transfer the course's card has left My Training. Done
 * once the dialog's surface has left the page, so its focus trap no longer holds focus; content
 * unmounted while the dialog is still open (the page going away) moves nothing.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export function useReturnFocus(open: boolean, trigger: HTMLElement | null, fallback: RefObject<HTMLElement | null>): void {
  const latest = useRef({ open, trigger, fallback });
  useLayoutEffect(() => {
    latest.current = { open, trigger, fallback };
  });
  useEffect(
    () => () => {
      const { open: stillOpen, trigger: button, fallback: heading } = latest.current;
      if (stillOpen) return;
      const usable = button && button.isConnected && !(button as HTMLButtonElement).disabled;
      (usable ? button : heading.current)?.focus();
    },
    [],
  );
}
