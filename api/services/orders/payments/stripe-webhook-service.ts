/**
 * Stripe webhooks: the signature is verified with constructEvent on the raw body, each event id
 * is processed once, and payment outcomes go through the same fulfilment as every other payment.
 */
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { ProcessedWebhookEvent } from '@db/models';
import { AppError } from '@api/errors';
import type { Logger } from '@api/logger';
import type { CheckoutService } from '../checkout';
import type { Clock } from '@api/lib/clock';

export class StripeWebhookService {
  constructor(private readonly o: { knex: Knex; stripe: Stripe; webhookSecret: string; checkout: CheckoutService; clock: Clock; logger: Logger }) {}

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
