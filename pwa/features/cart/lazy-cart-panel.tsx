/**
 * The cart panel (a drawer) is not part of the first load: its code is fetched once the page has
 * loaded and gone idle (at once if the cart is opened before), and it is mounted the first time
 * the cart opens. Mounting a modal drawer makes Fluent's tabster add focusable sentinels around
 * the whole page; until a modal is used there is no reason for them (they read as focusable
 * hidden content to axe and Lighthouse).
 */
import { useEffect, useState } from 'react';
import { preloadable, useLoaded } from '../../lib/preloadable';
import { useCart } from '../../stores/cart-store';

const panel = preloadable(() => import('./cart-panel').then((m) => m.CartPanel));

export function LazyCartPanel() {
  const { isOpen } = useCart();
  // At once when the cart is opened; otherwise when the page has settled.
  const Panel = useLoaded(panel, { now: isOpen });
  const [used, setUsed] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setUsed(true);
  }, [isOpen]);
  return Panel && used ? <Panel /> : null;
}
