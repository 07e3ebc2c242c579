/** POST /api/create-subscription: a membership payment for the given name, e-mail and plan price. */
import { useMutation } from '@tanstack/react-query';
import type { CreateSubscriptionRequest, PaymentIntentResponse } from '@contracts/checkout';
import { apiRequest } from '@pwa/lib/api-client';

export async function createSubscription(request: CreateSubscriptionRequest): Promise<PaymentIntentResponse> {
  const response = await apiRequest('POST', '/api/create-subscription', request);
  return (await response.json()) as PaymentIntentResponse;
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
