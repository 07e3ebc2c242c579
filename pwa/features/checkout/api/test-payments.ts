/** The built-in test processor: card confirmation, the extra authentication step, and a payment's status. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestPaymentResult } from '@contracts/checkout';
import { apiRequest, getJson } from '@pwa/lib/api-client';
import type { CardInput } from '../lib/card-validation';

export async function confirmTestPayment(clientSecret: string, card: CardInput): Promise<TestPaymentResult> {
  const response = await apiRequest('POST', '/api/test-payments/confirm', { clientSecret, card });
  return (await response.json()) as TestPaymentResult;
}

export async function authenticateTestPayment(clientSecret: string, outcome: 'approve' | 'fail'): Promise<TestPaymentResult> {
  const response = await apiRequest('POST', '/api/test-payments/authenticate', { clientSecret, outcome });
  return (await response.json()) as TestPaymentResult;
}

export function getTestPaymentStatus(clientSecret: string): Promise<TestPaymentResult> {
  return getJson<TestPaymentResult>(`/api/test-payments/status?client_secret=${encodeURIComponent(clientSecret)}`);
}

export const TEST_PAYMENT_STATUS_KEY = ['/api/test-payments/status'] as const;

export function getTestPaymentStatusQueryOptions(clientSecret: string) {
  return queryOptions({ queryKey: [...TEST_PAYMENT_STATUS_KEY, clientSecret], queryFn: () => getTestPaymentStatus(clientSecret), gcTime: 0 });
}

export function useTestPaymentStatus(clientSecret: string | null) {
  return useQuery({ ...getTestPaymentStatusQueryOptions(clientSecret ?? ''), enabled: !!clientSecret });
}
