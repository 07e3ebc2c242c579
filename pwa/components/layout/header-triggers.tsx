/**
 * The header's buttons that open popups (the Courses menu, the account menu) and the cart
 * button. They render at once; the popups' code (Fluent Menu, Tooltip: header-popups.tsx) loads
 * just after the first paint and wraps these same buttons (use-header-popups.ts).
 */
import { Button, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { ChevronDownIcon, CartIcon } from '../shell-icons';
import { BRAND_TEAL } from './brand';

const useStyles = makeStyles({
  coursesTrigger: { fontWeight: tokens.fontWeightSemibold },
  coursesTriggerActive: { color: BRAND_TEAL },
  // overflow visible: the badge sits on the button's corner and must not be clipped.
  cart: { position: 'relative', overflow: 'visible', minWidth: 'auto', paddingLeft: tokens.spacingHorizontalS, paddingRight: tokens.spacingHorizontalS },
  // Fluent's CounterBadge as the cart uses it (medium, circular, filled, danger), drawn here with the
  // same values: the component brings the styles of every size, shape, appearance and colour into
  // the first load (about 3 KiB gzip) for this one badge.
  badge: {
    position: 'absolute',
    top: `calc(-1 * ${tokens.spacingVerticalXS})`,
    right: `calc(-1 * ${tokens.spacingHorizontalXS})`,
    pointerEvents: 'none',
    display: 'inline-flex',
    boxSizing: 'border-box',
    alignItems: 'center',
    justifyContent: 'center',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    height: '20px',
    minWidth: '20px',
    padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    // A transparent stroke, in a pseudo-element so it takes no room: visible in high contrast.
    ...shorthands.borderColor(tokens.colorTransparentStroke),
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    '::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      left: 0,
      bottom: 0,
      right: 0,
      ...shorthands.borderStyle('solid'),
      ...shorthands.borderColor('inherit'),
      ...shorthands.borderWidth(tokens.strokeWidthThin),
      borderRadius: 'inherit',
    },
  },
});

/** The badge's count as Fluent's CounterBadge writes it (overflowCount 99). */
const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

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
        <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
          {badgeCount(itemCount)}
        </span>
      ) : null}
    </Button>
  );
}
