/**
 * React.lazy that can be asked again. React keeps a lazy component's failed load for good, so a part
 * whose code could not be loaded once would fail again without asking the network. Here a failed
 * part is replaced by a fresh lazy component, which loads the code anew, at its first render after
 * an error boundary has caught the failure (`askAgainForFailedParts`, called by
 * components/error-boundary.tsx): its "Try again", or the part opened again. Not at once: React
 * renders a part again after its load fails, and that render must fail too, or it would ask the
 * network over and over. For parts inside a page (the mobile menu, the editor, the payment form, the
 * back office's screens); pages and home sections load through `preloadable`.
 */
import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/** How many failures error boundaries have caught (or been asked to try again). */
let retries = 0;

export function askAgainForFailedParts(): void {
  retries += 1;
}

export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const fresh = () => {
    const part: { Component: ComponentType<ComponentProps<T>>; failedAt?: number } = {
      Component: lazy(() =>
        load().catch((error: unknown) => {
          part.failedAt = retries;
          throw error;
        }),
      ) as ComponentType<ComponentProps<T>>,
    };
    return part;
  };
  let current = fresh();
  return function Retryable(props: ComponentProps<T>) {
    if (current.failedAt !== undefined && current.failedAt < retries) current = fresh();
    return createElement(current.Component, props);
  };
}
