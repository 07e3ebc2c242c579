/** The built-in test processor: card confirmation, the extra authentication step, and a payment's status. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestPaymentResult } from '@contracts/checkout';
import { apiRequest, getJson } from '@pwa/lib/api-client';
import type { CardInput } from '../lib/card-validation';
import { paymentKeys } from './payment-keys';

export async function confirmTestPayment(clientSecret: string, card: CardInput): Promise<TestPaymentResult> {
  const response = await apiRequest('POST', '/api/test-payments/confirm', { clientSecret, card });
  return (await response.json()) as TestPaymentResult;
}

export async function authenticateTestPayment(clientSecret: string, outcome: 'approve' | 'fail'): Promise<TestPaymentResult> {
  const response = await apiRequest('POST', '/api/test-payments/authenticate', { clientSecret, outcome });
  return (await response.json()) as TestPaymentResult;
}

export function fetchTestPaymentStatus(clientSecret: string): Promise<TestPaymentResult> {
  return getJson<TestPaymentResult>(`/api/test-payments/status?client_secret=${encodeURIComponent(clientSecret)}`);
}

export function testPaymentStatusQueryOptions(clientSecret: string) {
  return queryOptions({ queryKey: paymentKeys.testStatus(clientSecret), queryFn: () => fetchTestPaymentStatus(clientSecret), gcTime: 0 });
}

export function useTestPaymentStatus(clientSecret: string | null) {
  return useQuery({ ...testPaymentStatusQueryOptions(clientSecret ?? ''), enabled: !!clientSecret });
}
