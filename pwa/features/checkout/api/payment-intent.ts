/** POST /api/create-payment-intent: the server prices the cart, holds seats and opens a pending order. */
import type { CreatePaymentIntentRequest, PaymentIntentResponse } from '@contracts/checkout';
import { apiRequest } from '@pwa/lib/api-client';

export async function createPaymentIntent(request: CreatePaymentIntentRequest): Promise<PaymentIntentResponse> {
  const response = await apiRequest('POST', '/api/create-payment-intent', request);
  return (await response.json()) as PaymentIntentResponse;
}
