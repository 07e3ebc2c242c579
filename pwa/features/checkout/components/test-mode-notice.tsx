/**
 * Site-wide reminder, shown in the footer of every storefront page while the built-in test payment
 * processor is active (GET /api/config says `paymentProcessor: 'test'`). Nothing is shown with
 * Stripe, while the configuration is loading, or when it could not be read (offline): the footer
 * sits below the page content, so the notice appearing late moves nothing the visitor is reading.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { usePaymentConfig } from '../api/payment-config';

export const TEST_MODE_NOTICE_TEXT = 'Test mode: payments use test cards and no card is charged.';

const useStyles = makeStyles({
  notice: {
    margin: 0,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorStatusWarningBorderActive}`,
    // Dark text on a light surface inside the dark footer: well above 4.5:1.
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
});

export function TestModeNotice() {
  const styles = useStyles();
  const config = usePaymentConfig();
  if (config.data?.paymentProcessor !== 'test') return null;
  return (
    <p className={styles.notice} data-testid="test-mode-notice">
      {TEST_MODE_NOTICE_TEXT}
    </p>
  );
}
