/**
 * The cart panel (a drawer) is not part of the first load: its code is fetched once the page has
 * loaded and gone idle (at once if the cart is opened before), and it is mounted the first time
 * the cart opens. Mounting a modal drawer makes Fluent's tabster add focusable sentinels around
 * the whole page; until a modal is used there is no reason for them (they read as focusable
 * hidden content to axe and Lighthouse).
 *
 * If its code cannot be loaded when the cart is opened, an alert stands in for the drawer, with
 * "Try again" (asks for the code again) and Close; a failure in the background is retried when
 * the cart is opened.
 */
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { CART_TRIGGER_ATTRIBUTE } from '../../components/layout/header-triggers';
import { preloadable, useLoaded } from '../../lib/preloadable';
import { cartStore, useCart } from '../../stores/cart-store';

const panel = preloadable(() => import('./cart-panel').then((m) => m.CartPanel));

function Loaded({ isOpen, used }: { isOpen: boolean; used: boolean }) {
  // At once when the cart is opened; otherwise when the page has settled.
  const Panel = useLoaded(panel, { now: isOpen, throwOnError: isOpen });
  return Panel && used ? <Panel /> : null;
}

/** Closes the cart from the alert, and gives the focus back to the cart button, as the panel would. */
function close() {
  cartStore.setOpen(false);
  const opener = cartStore.opener?.isConnected ? cartStore.opener : document.querySelector<HTMLElement>(`[${CART_TRIGGER_ATTRIBUTE}]`);
  opener?.focus();
}

export function LazyCartPanel() {
  const { isOpen } = useCart();
  const [used, setUsed] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setUsed(true);
  }, [isOpen]);
  return (
    <ErrorBoundary title="Your cart could not be opened" resetKeys={[isOpen]} onDismiss={close}>
      <Loaded isOpen={isOpen} used={used} />
    </ErrorBoundary>
  );
}
