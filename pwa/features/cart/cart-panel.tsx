/**
 * The cart panel (storefront spec §2): slides in from the right, 24rem wide, lists the items,
 * shows the total, "Your cart is empty" when empty, and "Proceed to Checkout" closes the panel
 * and goes to /checkout. Seats bought in quantity are shown as one line with their quantity;
 * removing a line removes every seat of that course and tier. While the panel is open the server
 * prices the cart (`useCartQuote`): a signed-in member sees the membership's discount lines and
 * the total checkout will charge; until that answer (or offline) the total is the list prices'.
 */
import { Button, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { useCartQuote } from '../../stores/cart-quote';
import { cartStore, useCart, type CartItem } from '../../stores/cart-store';
import { CART_TRIGGER_ATTRIBUTE } from '../../components/layout/header-triggers';
import { Icon } from '../../components/shell-icons';

const FALLBACK_IMAGE = '/images/course-fallback.svg';

const TYPE_LABELS: Record<string, string> = {
  live_seminar: 'Live Seminar',
  live_webinar: 'Live Webinar',
  webinar: 'Webinar',
  recorded_webinar: 'Recording',
  recorded_seminar: 'Recording',
  recorded_course: 'Recording',
};

const useStyles = makeStyles({
  drawer: { '--fui-Drawer--size': 'min(24rem, 100vw)' } as Record<string, string>,
  body: { display: 'flex', flexDirection: 'column' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  line: {
    display: 'grid',
    gridTemplateColumns: '3.5rem 1fr auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  thumb: {
    width: '3.5rem',
    height: '3.5rem',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  info: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  price: { fontWeight: tokens.fontWeightSemibold },
  empty: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
    color: tokens.colorNeutralForeground2,
  },
  emptyIcon: { color: tokens.colorNeutralForeground4 },
  footer: {
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  totalRow: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', margin: 0 },
  pricing: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  pricingRow: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  pricingValue: { margin: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  discount: { color: tokens.colorPaletteGreenForeground1 },
  totalLabel: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  totalValue: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

interface CartLine {
  key: string;
  item: CartItem;
  quantity: number;
}

/** One line per course + tier, in the order they were added. */
export function groupCartLines(items: CartItem[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const item of items) {
    const key = `${item.courseId}::${item.pricingTierId ?? ''}`;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else lines.set(key, { key, item, quantity: 1 });
  }
  return [...lines.values()];
}

function useFallbackImage() {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    if (!img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE;
  };
}

export function CartPanel() {
  const styles = useStyles();
  const navigate = useNavigate();
  const titleId = useId();
  const onImageError = useFallbackImage();
  const { items, isOpen, itemCount, total, removeItem, clearCart, setOpen } = useCart();
  const lines = groupCartLines(items);
  const empty = itemCount === 0;
  const { data: quote } = useCartQuote(items, isOpen);
  const discounts = quote?.discounts ?? [];
  // Closing gives focus back to the control that opened the panel (not to <body>), unless the
  // panel closed to go to another page, where focus moves to that page's heading instead.
  const leavingPage = useRef(false);
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (wasOpen.current && !isOpen && !leavingPage.current) {
      // The opener may have been swapped out since (the header's stand-in cart button is replaced
      // by the real one once the header's popups load): then the cart button that is there now.
      const opener = cartStore.opener?.isConnected
        ? cartStore.opener
        : cartStore.opener?.hasAttribute(CART_TRIGGER_ATTRIBUTE)
          ? document.querySelector<HTMLElement>(`[${CART_TRIGGER_ATTRIBUTE}]`)
          : null;
      opener?.focus();
    }
    if (isOpen) leavingPage.current = false;
    wasOpen.current = isOpen;
  }, [isOpen]);

  const checkout = () => {
    leavingPage.current = true;
    setOpen(false);
    navigate('/checkout');
  };
  const browse = () => {
    leavingPage.current = true;
    setOpen(false);
    navigate('/courses');
  };

  return (
    <OverlayDrawer className={styles.drawer} position="end" open={isOpen} onOpenChange={(_, data) => setOpen(data.open)} aria-labelledby={titleId}>
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ id: titleId }}
          action={
            <Button
              appearance="subtle"
              aria-label="Close cart"
              icon={
                <Icon>
                  <path d="M6 6l12 12M18 6L6 18" />
                </Icon>
              }
              onClick={() => setOpen(false)}
            />
          }
        >
          Your Cart{empty ? '' : ` (${itemCount})`}
        </DrawerHeaderTitle>
      </DrawerHeader>

      <DrawerBody className={styles.body}>
        {empty ? (
          <div className={styles.empty}>
            <span className={styles.emptyIcon}>
              <Icon size={48}>
                <circle cx="9" cy="20" r="1.3" />
                <circle cx="18" cy="20" r="1.3" />
                <path d="M2.5 3.5h2.7l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7.5H6.1" />
              </Icon>
            </span>
            <Text size={400} weight="semibold">
              Your cart is empty
            </Text>
            <Text>Browse our seminars, webinars and recordings to get started.</Text>
            <Button appearance="secondary" onClick={browse}>
              Browse Courses
            </Button>
          </div>
        ) : (
          <ul className={styles.list} aria-label="Cart items">
            {lines.map(({ key, item, quantity }) => (
              <li key={key} className={styles.line}>
                <img className={styles.thumb} src={item.image || FALLBACK_IMAGE} alt="" onError={onImageError} loading="lazy" />
                <div className={styles.info}>
                  <span className={styles.title}>{item.title}</span>
                  <span className={styles.meta}>
                    {item.code}
                    {TYPE_LABELS[item.type] ? ` · ${TYPE_LABELS[item.type]}` : ''}
                  </span>
                  <span className={styles.price}>
                    {quantity > 1 ? `${quantity} × ${formatMoney(item.price)} = ${formatMoney(item.price * quantity)}` : formatMoney(item.price)}
                  </span>
                </div>
                <Button
                  appearance="subtle"
                  aria-label={`Remove ${item.title}`}
                  icon={
                    <Icon>
                      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
                    </Icon>
                  }
                  onClick={() => removeItem(item.courseId, item.pricingTierId)}
                />
              </li>
            ))}
          </ul>
        )}
      </DrawerBody>

      <DrawerFooter className={styles.footer}>
        {quote && discounts.length > 0 && !empty ? (
          <dl className={styles.pricing}>
            <div className={styles.pricingRow}>
              <dt>Subtotal</dt>
              <dd className={styles.pricingValue} data-testid="cart-subtotal">
                {formatMoney(quote.subtotalCents / 100)}
              </dd>
            </div>
            {discounts.map((discount) => (
              <div key={discount.label} className={`${styles.pricingRow} ${styles.discount}`} data-testid="cart-discount">
                <dt>{discount.label}</dt>
                <dd className={styles.pricingValue}>−{formatMoney(discount.cents / 100)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <dl className={styles.totalRow}>
          <dt className={styles.totalLabel}>Total</dt>
          <dd className={styles.totalValue} data-testid="cart-total">
            {formatMoney(quote && !empty ? quote.total : total)}
          </dd>
        </dl>
        <div className={styles.actions}>
          <Button appearance="primary" size="large" disabled={empty} onClick={checkout}>
            Proceed to Checkout
          </Button>
          <Button appearance="subtle" disabled={empty} onClick={clearCart}>
            Clear cart
          </Button>
        </div>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
