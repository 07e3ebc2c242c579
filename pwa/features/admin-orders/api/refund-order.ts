/**
 * POST /api/admin/orders/:id/refund (admins). Not through the outbox: a refund needs the payment
 * processor now, so it is sent only while online — offline it is refused at once with
 * `RefundNeedsConnection`, nothing kept on the device to be sent later. The Idempotency-Key is
 * made when the dialog opens and sent with every try from it: a retry after a lost answer is the
 * same refund, never a second one. Every order list and the figures are read again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundPath, REFUND_TEXTS, type RefundResult } from '@contracts/admin-orders';
import type { RefundRequest } from '@contracts/learning';
import { apiRequest } from '@pwa/lib/api-client';
import { adminOrderKeys } from './admin-order-keys';

export class RefundNeedsConnection extends Error {
  constructor() {
    super(REFUND_TEXTS.offline);
    this.name = 'RefundNeedsConnection';
  }
}

export async function refundOrder(orderId: string, request: RefundRequest, idempotencyKey: string): Promise<RefundResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new RefundNeedsConnection();
  try {
    const response = await apiRequest('POST', refundPath(orderId), request, { headers: { 'Idempotency-Key': idempotencyKey } });
    return (await response.json()) as RefundResult;
  } catch (error) {
    // fetch's TypeError: the server could not be reached (the same key sent again later is still one refund).
    if (error instanceof TypeError) throw new RefundNeedsConnection();
    throw error;
  }
}

export interface RefundVariables {
  orderId: string;
  request: RefundRequest;
  idempotencyKey: string;
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // Run at once even offline, where `refundOrder` says a connection is needed (TanStack would pause it silently).
    networkMode: 'always',
    mutationFn: ({ orderId, request, idempotencyKey }: RefundVariables) => refundOrder(orderId, request, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}
