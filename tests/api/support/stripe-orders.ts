/**
 * The app paying through the local fake of Stripe (`fake-stripe.ts`): its Stripe settings, and a
 * course bought and paid there — the intent succeeds (with its charge) and Stripe's signed
 * webhook completes the order. Shared by the refund tests.
 */
import { expect } from 'vitest';
import type { Knex } from 'knex';
import type { StripeConfig } from '@api/config';
import { paymentIntentResponseSchema } from '@contracts/checkout';
import { createCourse, createSession, createUser } from './factories';
import { signedWebhook, stripeEvent, type FakeStripe } from './fake-stripe';
import type { TestServer } from './test-server';

export const FAKE_SECRET_KEY = 'sk_test_fake';

/** The app's Stripe settings against the fake at `api`; `prices` names the membership prices the fake knows. */
export function fakeStripeConfig(
  api: StripeConfig['api'],
  webhookSecret: string | undefined,
  prices: StripeConfig['prices'] = { price_prime_monthly: undefined, price_business_yearly: undefined },
): StripeConfig {
  return { secretKey: FAKE_SECRET_KEY, publishableKey: 'pk_test_fake', webhookSecret, prices, api };
}

export interface StripeWorld {
  knex: Knex;
  api: TestServer;
  fake: FakeStripe;
  webhookSecret: string;
}

/** A recorded course bought by a new customer and paid at Stripe; the order is completed. */
export async function paidStripeOrder(w: StripeWorld, priceCents = 10_000) {
  const course = await createCourse(w.knex, { type: 'recorded_course', priceCents });
  const user = await createUser(w.knex);
  const headers = { Authorization: `Bearer ${await createSession(w.knex, user.id)}` };
  const body = { courseIds: [course.id], amount: priceCents / 100, items: [{ courseId: course.id, quantity: 1 }] };
  const response = await w.api.request('POST', '/api/create-payment-intent', body, headers);
  expect(response.status, response.text).toBe(200);
  const { orderId, paymentIntentId } = paymentIntentResponseSchema.parse(response.body);
  const intent = w.fake.paymentIntents.get(paymentIntentId)!;
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: `ch_fake_${paymentIntentId.slice(-8)}` });
  const { payload, headers: signed } = signedWebhook(stripeEvent('payment_intent.succeeded', intent), w.webhookSecret);
  expect((await w.api.request('POST', '/api/stripe/webhook', payload, signed)).status).toBe(200);
  expect((await w.knex('orders').where({ id: orderId }).first()).status).toBe('completed');
  return { orderId, paymentIntentId, user, headers };
}
