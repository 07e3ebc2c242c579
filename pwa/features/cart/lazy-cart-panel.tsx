/**
 * The cart panel (a drawer) is not part of the first load: its code is fetched once the page has
 * loaded and gone idle (at once if the cart is opened before), and it is mounted the first time
 * the cart opens. Mounting a modal drawer makes Fluent's tabster add focusable sentinels around
 * the whole page; until a modal is used there is no reason for them (they read as focusable
 * hidden content to axe and Lighthouse).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { useCart } from '../../stores/cart-store';

type CartPanelComponent = ComponentType;

let loading: Promise<CartPanelComponent> | undefined;
const loadPanel = () => (loading ??= import('./cart-panel').then((m) => m.CartPanel));

export function LazyCartPanel() {
  const { isOpen } = useCart();
  const [Panel, setPanel] = useState<CartPanelComponent | null>(null);
  const [used, setUsed] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setUsed(true);
  }, [isOpen]);
  useEffect(() => {
    if (Panel) return;
    let cancelled = false;
    // At once when the cart is opened; otherwise when the page has settled.
    void (isOpen ? Promise.resolve() : afterFirstPaint())
      .then(loadPanel)
      .then((component) => !cancelled && setPanel(() => component));
    return () => {
      cancelled = true;
    };
  }, [isOpen, Panel]);
  return Panel && used ? <Panel /> : null;
}
