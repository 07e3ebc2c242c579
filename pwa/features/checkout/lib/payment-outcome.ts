/** What a payment form reports to its page, whichever processor took the payment. */
export type PaymentOutcome =
  | { status: 'succeeded'; paymentIntentId: string }
  /** The processor needs an extra step on another page (the test processor's authentication page). */
  | { status: 'requires_action'; url: string }
  /** `renewIntent`: this payment can no longer be retried; the page should set up a new one. */
  | { status: 'error'; message: string; renewIntent: boolean };

export interface PaymentFormProps {
  clientSecret: string;
  /** Where the processor returns the buyer after a redirect (Stripe); an absolute URL. */
  returnUrl: string;
  /** The submit button's text. */
  submitLabel: string;
  /** True while the page is replacing the payment (the button stays disabled). */
  disabled?: boolean;
  /** The page's answer to the outcome; the form shows "Processing..." until it settles. */
  onOutcome: (outcome: PaymentOutcome) => void | Promise<void>;
}
