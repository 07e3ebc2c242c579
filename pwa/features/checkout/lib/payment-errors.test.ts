import { describe, expect, it } from 'vitest';
import { ApiError } from '@pwa/lib/api-client';
import {
  NETWORK_PAYMENT_MESSAGE,
  PAYMENT_SETUP_MESSAGE,
  SUBSCRIPTION_SETUP_MESSAGE,
  ownedCourse,
  paymentSetupMessage,
  subscriptionSetupMessage,
  testPaymentFailure,
} from './payment-errors';

const apiError = (status: number, body: unknown) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

describe('payment setup failures', () => {
  it('shows the server message for a price change or a fully booked course', () => {
    const changed = 'Prices have changed since you added these courses. The new total is $250.00. Please review your cart.';
    expect(paymentSetupMessage(apiError(409, { message: changed, total: '250.00' }))).toBe(changed);
    expect(paymentSetupMessage(apiError(409, { message: 'GMP Refresher is fully booked' }))).toBe('GMP Refresher is fully booked');
  });

  it('says "You already own this course" and names the course to link to', () => {
    const owned = { message: 'You already own this course', courseId: 'c1', courseTitle: 'GMP Refresher', path: '/courses/c1' };
    expect(paymentSetupMessage(apiError(409, owned))).toBe('You already own this course');
    expect(ownedCourse(apiError(409, owned))).toEqual(owned);
    expect(ownedCourse(apiError(409, { message: 'GMP Refresher is fully booked' }))).toBeNull();
    expect(ownedCourse(apiError(409, { ...owned, path: 'https://elsewhere.example/' }))).toBeNull();
    expect(ownedCourse(apiError(400, owned))).toBeNull();
  });

  it('shows the standard message for anything else', () => {
    expect(paymentSetupMessage(apiError(502, { message: 'There was an error setting up payment. Please try again.' }))).toBe(PAYMENT_SETUP_MESSAGE);
    expect(paymentSetupMessage(apiError(400, { message: 'amount must be a number' }))).toBe(PAYMENT_SETUP_MESSAGE);
    expect(paymentSetupMessage(apiError(409, 'not json'))).toBe(PAYMENT_SETUP_MESSAGE);
    expect(paymentSetupMessage(new TypeError('Failed to fetch'))).toBe(PAYMENT_SETUP_MESSAGE);
  });
});

describe('subscription setup failures', () => {
  it('shows the error message, or the fallback', () => {
    expect(subscriptionSetupMessage(apiError(400, { message: 'Please enter a valid email address' }))).toBe('Please enter a valid email address');
    expect(subscriptionSetupMessage(apiError(500, ''))).toBe(SUBSCRIPTION_SETUP_MESSAGE);
    expect(subscriptionSetupMessage(new TypeError('Failed to fetch'))).toBe(SUBSCRIPTION_SETUP_MESSAGE);
  });
});

describe('test processor failures', () => {
  it('asks for a new payment after a decline or an expired checkout, not after a mistyped card', () => {
    expect(testPaymentFailure(apiError(402, { message: 'Your card was declined.' }))).toEqual({ message: 'Your card was declined.', renewIntent: true });
    expect(testPaymentFailure(apiError(409, { message: 'This checkout has expired. Please check out again.' })).renewIntent).toBe(true);
    expect(testPaymentFailure(apiError(400, { message: 'Your card number is invalid.' }))).toEqual({
      message: 'Your card number is invalid.',
      renewIntent: false,
    });
    expect(testPaymentFailure(new TypeError('Failed to fetch'))).toEqual({ message: NETWORK_PAYMENT_MESSAGE, renewIntent: false });
  });
});
