/**
 * The "Order Summary" block of /checkout: each cart line, a coupon code field, Subtotal, the
 * membership's and the coupon's discount lines, Tax $0.00 and Total, as the server quotes them (`useCartQuote`: what the payment will
 * charge); until that answer (or when the cart cannot be priced) the list prices' totals.
 */
import { Card, Divider, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatMoney } from '@pwa/lib/format';
import { useCartQuote } from '@pwa/stores/cart-quote';
import { groupLines, linesTotal, type CheckoutLine } from '../lib/checkout-request';
import { ShieldIcon } from '@pwa/components/icons';
import { CouponField } from './coupon-field';

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  line: { display: 'grid', gridTemplateColumns: '1fr auto', columnGap: tokens.spacingHorizontalM, alignItems: 'start' },
  lineTitle: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: { gridColumn: '1', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  price: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap', textAlign: 'right' },
  totals: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  amount: { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  discount: { color: tokens.colorPaletteGreenForeground1 },
  /** A dt/dd pair grouped for its test id, laid out by the grid as if it were not there. */
  group: { display: 'contents' },
  totalTerm: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightBold, color: tokens.colorNeutralForeground1 },
  totalAmount: { margin: 0, textAlign: 'right', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold },
  assurance: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  assuranceIcon: { flexShrink: 0, color: tokens.colorPaletteGreenForeground1 },
});

interface OrderSummaryProps {
  lines: readonly CheckoutLine[];
  /** The coupon code applied (the server's spelling), or null. */
  couponCode: string | null;
  onCouponChange: (code: string | null) => void;
}

export function OrderSummary({ lines, couponCode, onCouponChange }: OrderSummaryProps) {
  const styles = useStyles();
  const { data: quote } = useCartQuote(lines, true, couponCode);
  const subtotal = quote ? quote.subtotalCents / 100 : linesTotal(lines);
  const total = quote ? quote.total : subtotal;
  return (
    <Card className={styles.card} role="region" aria-labelledby="order-summary-title">
      <h2 className={styles.title} id="order-summary-title">
        Order Summary
      </h2>
      <ul className={styles.lines} aria-label="Items in your order">
        {groupLines(lines).map((line) => (
          <li key={line.key} className={styles.line}>
            <span className={styles.lineTitle}>{line.title}</span>
            <span className={styles.price}>{formatMoney(line.lineTotal)}</span>
            {line.quantity > 1 ? (
              <span className={styles.meta}>
                {line.quantity} seats × {formatMoney(line.unitPrice)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <CouponField lines={lines} applied={couponCode} quote={quote} onChange={onCouponChange} />
      <Divider />
      <dl className={styles.totals}>
        <dt className={styles.term}>Subtotal</dt>
        <dd className={styles.amount} data-testid="order-subtotal">
          {formatMoney(subtotal)}
        </dd>
        {quote?.discounts.map((discount) => (
          <div key={discount.label} className={styles.group} data-testid="order-discount">
            <dt className={`${styles.term} ${styles.discount}`}>{discount.label}</dt>
            <dd className={`${styles.amount} ${styles.discount}`}>−{formatMoney(discount.cents / 100)}</dd>
          </div>
        ))}
        <dt className={styles.term}>Tax</dt>
        <dd className={styles.amount} data-testid="order-tax">
          {formatMoney(0)}
        </dd>
      </dl>
      <Divider />
      <dl className={styles.totals}>
        <dt className={styles.totalTerm}>Total</dt>
        <dd className={styles.totalAmount} data-testid="order-total">
          {formatMoney(total)}
        </dd>
      </dl>
      <Text className={styles.assurance}>
        <ShieldIcon size={16} className={styles.assuranceIcon} />
        Prices are confirmed by our server before you pay. Your receipt and course access arrive by e-mail.
      </Text>
    </Card>
  );
}
