/**
 * Whether a modal has ever been open. A mounted Fluent modal adds focusable, aria-hidden focus
 * sentinels to the page, so dialogs are mounted on first open — and then stay mounted, with
 * `unmountOnClose={false}`: a surface mounted again soon after closing registers the same
 * modalizer id (React's useId follows the tree position) while tabster still holds the old one,
 * and the reopened dialog stays aria-hidden.
 */
import { useRef, useState } from 'react';

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * For a dialog about one thing (a course, an instructor): whether to mount it (as above) and the
 * thing to show, which stays the last one while the dialog closes.
 */
export function useDialogSubject<T>(subject: T | null): { mounted: boolean; shown: T | null } {
  const mounted = useOpenedOnce(subject !== null);
  const last = useRef(subject);
  if (subject !== null) last.current = subject;
  return { mounted, shown: subject ?? last.current };
}
