/** GET /api/config: which payment processor is active, and Stripe's publishable key when it is Stripe. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@contracts/checkout';
import { getJson } from '@pwa/lib/api-client';

export const PAYMENT_CONFIG_KEY = ['/api/config'] as const;

export function getPaymentConfig(): Promise<PaymentConfig> {
  return getJson<PaymentConfig>('/api/config');
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({ queryKey: PAYMENT_CONFIG_KEY, queryFn: getPaymentConfig });
}

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
