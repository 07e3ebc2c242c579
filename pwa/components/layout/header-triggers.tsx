/**
 * The header's buttons that open popups (the Courses menu, the account menu) and the cart
 * button. They render at once; the popups' code (Fluent Menu, Tooltip: header-popups.tsx) loads
 * just after the first paint and wraps these same buttons (use-header-popups.ts).
 */
import { Button, CounterBadge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { ChevronDownIcon, CartIcon } from '../icons';
import { BRAND_TEAL } from './brand';

const useStyles = makeStyles({
  coursesTrigger: { fontWeight: tokens.fontWeightSemibold },
  coursesTriggerActive: { color: BRAND_TEAL },
  // overflow visible: the badge sits on the button's corner and must not be clipped.
  cart: { position: 'relative', overflow: 'visible', minWidth: 'auto', paddingLeft: tokens.spacingHorizontalS, paddingRight: tokens.spacingHorizontalS },
  badge: {
    position: 'absolute',
    top: `calc(-1 * ${tokens.spacingVerticalXS})`,
    right: `calc(-1 * ${tokens.spacingHorizontalXS})`,
    pointerEvents: 'none',
  },
});

/** What a popup (Menu trigger, Tooltip) or the stand-in hands the button. */
type TriggerProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'children'> & { ref?: Ref<HTMLButtonElement> };

export function CoursesTrigger({ active, className, ...props }: TriggerProps & { active: boolean }) {
  const styles = useStyles();
  return (
    <Button
      appearance="subtle"
      className={mergeClasses(styles.coursesTrigger, active && styles.coursesTriggerActive, className)}
      icon={<ChevronDownIcon size={16} />}
      iconPosition="after"
      {...props}
    >
      Courses
    </Button>
  );
}

export function AccountTrigger({ name, ...props }: TriggerProps & { name: string }) {
  return (
    <Button appearance="subtle" aria-label={`Account menu for ${name}`} {...props}>
      {name}
    </Button>
  );
}

/** Marks the header's cart button, whichever element currently renders it (the stand-in is swapped for the real one after the first paint). */
export const CART_TRIGGER_ATTRIBUTE = 'data-cart-trigger';

export function CartTrigger({ itemCount, isOpen, className, ...props }: TriggerProps & { itemCount: number; isOpen: boolean }) {
  const styles = useStyles();
  const label = itemCount > 0 ? `Open cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}` : 'Open cart';
  return (
    <Button
      className={mergeClasses(styles.cart, className)}
      appearance="subtle"
      size="large"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      {...{ [CART_TRIGGER_ATTRIBUTE]: '' }}
      {...props}
    >
      <CartIcon size={24} />
      {itemCount > 0 ? (
        <CounterBadge className={styles.badge} count={itemCount} overflowCount={99} size="medium" color="danger" data-testid="cart-count" aria-hidden="true" />
      ) : null}
    </Button>
  );
}
