/** The header's cart button: toggles the cart panel; a badge shows the item count above 0; "Your cart" as its tooltip once the header's popups have loaded. */
import { useCart } from '../../stores/cart-store';
import { CartTrigger } from './header-triggers';
import { useEarlyUse, useHeaderPopups } from './use-header-popups';

export function CartButton() {
  const { itemCount, isOpen, toggleCart } = useCart();
  const [early, { onPointerDown, onFocus, onBlur }] = useEarlyUse();
  const popups = useHeaderPopups(early);
  if (popups) return <popups.CartButtonWithTooltip itemCount={itemCount} isOpen={isOpen} onClick={toggleCart} focusOnMount={early.focused} />;
  return <CartTrigger itemCount={itemCount} isOpen={isOpen} onClick={toggleCart} onPointerDown={onPointerDown} onFocus={onFocus} onBlur={onBlur} />;
}
