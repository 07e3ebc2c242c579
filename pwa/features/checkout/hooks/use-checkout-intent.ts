/**
 * The payment intent behind /checkout. Requested once per distinct request (the cart and, for a
 * guest, the receipt details), never twice for the same one even when React replays effects, and
 * again on `renew()` after a payment that cannot be retried. While a replacement is on its way the
 * previous intent stays available, so the card form keeps what the buyer typed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreatePaymentIntentRequest, PaymentIntentResponse } from '@contracts/checkout';
import { createPaymentIntent } from '../api/payment-intent';

interface Settled {
  key: string;
  intent: PaymentIntentResponse | null;
  error: unknown;
}

export interface CheckoutIntent {
  /** The intent for the current request, or the previous one while `isPending`. */
  intent: PaymentIntentResponse | null;
  error: unknown;
  isPending: boolean;
  renew: () => void;
}

export function useCheckoutIntent(request: CreatePaymentIntentRequest | null): CheckoutIntent {
  const [generation, setGeneration] = useState(0);
  const key = request ? `${generation}:${JSON.stringify(request)}` : null;
  const [settled, setSettled] = useState<Settled | null>(null);
  const [lastIntent, setLastIntent] = useState<PaymentIntentResponse | null>(null);
  const requested = useRef<string | null>(null);
  const latest = useRef(request);
  latest.current = request;

  useEffect(() => {
    if (!key || !latest.current || requested.current === key) return;
    requested.current = key;
    createPaymentIntent(latest.current).then(
      (intent) => {
        if (requested.current !== key) return;
        setSettled({ key, intent, error: null });
        setLastIntent(intent);
      },
      (error: unknown) => {
        if (requested.current === key) setSettled({ key, intent: null, error });
      },
    );
  }, [key]);

  const renew = useCallback(() => setGeneration((value) => value + 1), []);
  const current = settled && settled.key === key ? settled : null;
  return {
    intent: current ? current.intent : lastIntent,
    error: current?.error ?? null,
    isPending: !!key && !current,
    renew,
  };
}
