/** The header's cart button: toggles the cart panel; a badge shows the item count above 0. */
import { Button, CounterBadge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { useCart } from '../../stores/cart-store';
import { TOOLTIP_SHOW_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './brand';
import { CartIcon } from '../icons';

const useStyles = makeStyles({
  // overflow visible: the badge sits on the button's corner and must not be clipped.
  button: { position: 'relative', overflow: 'visible', minWidth: 'auto', paddingLeft: tokens.spacingHorizontalS, paddingRight: tokens.spacingHorizontalS },
  badge: {
    position: 'absolute',
    top: `calc(-1 * ${tokens.spacingVerticalXS})`,
    right: `calc(-1 * ${tokens.spacingHorizontalXS})`,
    pointerEvents: 'none',
  },
});

export function CartButton() {
  const styles = useStyles();
  const { itemCount, isOpen, toggleCart } = useCart();
  const label = itemCount > 0 ? `Open cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}` : 'Open cart';
  return (
    <Tooltip content="Your cart" relationship="description" showDelay={TOOLTIP_SHOW_DELAY_MS} hideDelay={TOOLTIP_SKIP_DELAY_MS}>
      <Button
        className={styles.button}
        appearance="subtle"
        size="large"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={toggleCart}
      >
        <CartIcon size={24} />
        {itemCount > 0 ? (
          <CounterBadge className={styles.badge} count={itemCount} overflowCount={99} size="medium" color="danger" data-testid="cart-count" aria-hidden="true" />
        ) : null}
      </Button>
    </Tooltip>
  );
}
