/**
 * Stripe webhooks: the signature is verified with constructEvent on the raw body, each event id
 * is processed once, and payment outcomes go through the same fulfilment as every other payment.
 * A refund Stripe reports failed later (`refund.failed`, or `charge.refund.updated` /
 * `refund.updated` with `status: failed`) is recorded by the refunds (`refund-failures.ts`); a
 * signed event whose refund is malformed is a 400 and changes nothing.
 */
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ProcessedWebhookEvent } from '@db/models';
import { AppError } from '@api/errors';
import type { Logger } from '@api/logger';
import type { CheckoutService } from '../checkout';
import type { Clock } from '@api/lib/clock';
import type { RefundService } from '../refunds/refund-service';

/** What is read of a refund event's object (Stripe's Refund). */
const refundObjectSchema = z.object({
  object: z.literal('refund'),
  id: z.string().min(1).max(100),
  status: z.string().max(40).nullish(),
  failure_reason: z.string().max(100).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export class StripeWebhookService {
  constructor(
    private readonly o: {
      knex: Knex;
      stripe: Stripe;
      webhookSecret: string;
      checkout: CheckoutService;
      refunds: Pick<RefundService, 'recordProcessorFailure'>;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  /** A refund Stripe says failed; other refund updates change nothing here. */
  private async refundEvent(event: Stripe.Event): Promise<void> {
    const parsed = refundObjectSchema.safeParse(event.data.object);
    if (!parsed.success) throw AppError.badRequest(`Malformed refund in Stripe event ${event.type}`);
    const refund = parsed.data;
    if (refund.status !== 'failed') return;
    const refundId = refund.metadata?.refundId;
    const orderId = refund.metadata?.orderId;
    await this.o.refunds.recordProcessorFailure({
      processorRefundId: refund.id,
      refundId: refundId && refundId.length <= 36 ? refundId : null,
      orderId: orderId && orderId.length <= 36 ? orderId : null,
      reason: refund.failure_reason ?? null,
    });
  }

  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw AppError.badRequest('Missing Stripe-Signature header');
    try {
      return this.o.stripe.webhooks.constructEvent(rawBody, signature, this.o.webhookSecret);
    } catch (error) {
      throw AppError.badRequest(`Webhook signature verification failed: ${(error as Error).message}`);
    }
  }

  async handle(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
    const event = this.verify(rawBody, signature);
    const seen = await ProcessedWebhookEvent.query(this.o.knex).findById(event.id);
    if (seen) return { received: true, duplicate: true };

    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        if (intent.metadata?.orderId) await this.o.checkout.fulfilOrder(intent.metadata.orderId, intent.id);
        break;
      }
      case 'payment_intent.payment_failed':
        // Not final with Stripe: the buyer can retry with another card on the same screen.
        // The order stays pending (and keeps its seats) until it succeeds, is canceled or expires.
        this.o.logger.info('Stripe payment attempt failed', { orderId: event.data.object.metadata?.orderId });
        break;
      case 'payment_intent.canceled': {
        const intent = event.data.object;
        if (intent.metadata?.orderId) await this.o.checkout.failOrder(intent.metadata.orderId);
        break;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const orderId = invoice.parent?.subscription_details?.metadata?.orderId;
        if (orderId) await this.o.checkout.fulfilOrder(orderId, invoice.id ?? event.id);
        break;
      }
      case 'invoice.payment_failed':
        // As above: a failed attempt is not the end of the membership payment.
        this.o.logger.info('Stripe membership payment attempt failed', { orderId: event.data.object.parent?.subscription_details?.metadata?.orderId });
        break;
      case 'customer.subscription.deleted': {
        const orderId = event.data.object.metadata?.orderId;
        if (orderId) await this.o.checkout.endMembership(orderId);
        break;
      }
      case 'refund.failed':
      case 'refund.updated':
      case 'charge.refund.updated':
        await this.refundEvent(event);
        break;
      default:
        this.o.logger.debug(`Ignoring Stripe event ${event.type}`);
    }
    // Recorded after processing: fulfilment is idempotent, so a redelivery racing this is harmless.
    try {
      await ProcessedWebhookEvent.query(this.o.knex).insert({ id: event.id, type: event.type, processedAt: this.o.clock().toISOString() });
    } catch {
      return { received: true, duplicate: true };
    }
    return { received: true };
  }
}
