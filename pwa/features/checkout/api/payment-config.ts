/** GET /api/config: which payment processor is active, and Stripe's publishable key when it is Stripe. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@contracts/checkout';
import { getJson } from '@pwa/lib/api-client';
import { paymentKeys } from './payment-keys';

export function fetchPaymentConfig(): Promise<PaymentConfig> {
  return getJson<PaymentConfig>('/api/config');
}

export function paymentConfigQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.config(), queryFn: fetchPaymentConfig });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
