/**
 * What the payment screens say when something fails (storefront spec §8). The server's message
 * is shown only where it is written for the buyer: a price change, a fully booked course or one
 * the buyer owns already (409) while setting up a payment, and card errors from the payment
 * processor.
 */
import { ownedCourseConflictSchema, type OwnedCourseConflict } from '@contracts/checkout';
import { ApiError } from '@pwa/lib/api-client';

export const PAYMENT_SETUP_FAILED = 'Payment Setup Failed';
export const PAYMENT_SETUP_MESSAGE = 'There was an error setting up payment. Please try again.';
export const PAYMENT_FAILED = 'Payment Failed';
export const SUBSCRIPTION_SETUP_FAILED = 'Subscription Setup Failed';
export const SUBSCRIPTION_SETUP_MESSAGE = 'There was an error setting up your subscription. Please try again.';
export const NETWORK_PAYMENT_MESSAGE = 'We could not reach the payment service. Check your connection and try again.';
export const GENERIC_PAYMENT_MESSAGE = 'Your payment could not be completed. Please try again.';

/** The description of the "Payment Setup Failed" toast. */
export function paymentSetupMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.serverMessage) return error.serverMessage;
  return PAYMENT_SETUP_MESSAGE;
}

/** True when the cart itself has to change before checkout can work (prices changed, course full). */
export function isCartProblem(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The course a refused checkout says the buyer owns already ("You already own this course"), to link to it. */
export function ownedCourse(error: unknown): OwnedCourseConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const parsed = ownedCourseConflictSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The description of the "Subscription Setup Failed" toast: the error message, or the fallback. */
export function subscriptionSetupMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? SUBSCRIPTION_SETUP_MESSAGE;
  return SUBSCRIPTION_SETUP_MESSAGE;
}

export interface PaymentFailure {
  message: string;
  /** The payment can no longer be retried (declined by the test processor, or expired): a new one is needed. */
  renewIntent: boolean;
}

/** A failed call to the test processor, as the buyer should read it. */
export function testPaymentFailure(error: unknown): PaymentFailure {
  if (error instanceof ApiError) {
    return { message: error.serverMessage ?? GENERIC_PAYMENT_MESSAGE, renewIntent: error.status === 402 || error.status === 409 || error.status === 404 };
  }
  if (error instanceof TypeError) return { message: NETWORK_PAYMENT_MESSAGE, renewIntent: false };
  return { message: GENERIC_PAYMENT_MESSAGE, renewIntent: false };
}
