/**
 * After a navigation inside the app, focus moves to the new page's main heading, so keyboard and
 * screen-reader users start at the new content (and hear its title) instead of at <body>. Not on
 * the first load (the browser's own start is right there), not for query-string changes on the
 * same page, and not when the page already put focus inside itself (a form field, say). Pages load
 * lazily, so the heading is waited for, a little while at most.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

const WAIT_MS = 3000;

export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    const started = performance.now();
    const tryFocus = () => {
      const container = main.current;
      const active = document.activeElement;
      if (!container || (active && active !== container && container.contains(active))) return;
      const heading = container.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
