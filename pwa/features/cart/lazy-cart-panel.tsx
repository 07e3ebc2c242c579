/**
 * The cart panel (a drawer) is not part of the first load: its code is fetched right after the
 * first render, and it is mounted the first time the cart opens. Mounting a modal drawer makes
 * Fluent's tabster add focusable sentinels around the whole page; until a modal is used there
 * is no reason for them (they read as focusable hidden content to axe and Lighthouse).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useCart } from '../../stores/cart-store';

type CartPanelComponent = ComponentType;

export function LazyCartPanel() {
  const { isOpen } = useCart();
  const [Panel, setPanel] = useState<CartPanelComponent | null>(null);
  const [used, setUsed] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setUsed(true);
  }, [isOpen]);
  useEffect(() => {
    let cancelled = false;
    const load = () => void import('./cart-panel').then((m) => !cancelled && setPanel(() => m.CartPanel));
    const timer = isOpen ? (load(), undefined) : setTimeout(load, 300);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
    // Load once; later opens use the mounted panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return Panel && used ? <Panel /> : null;
}
