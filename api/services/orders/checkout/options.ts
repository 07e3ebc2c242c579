/**
 * The collaborators every part of checkout takes: one options object, wired in
 * `services/orders/index.ts`; and the shape of the order steps they carry (run by
 * `order-step-runner.ts`), which are given these options in turn.
 */
import type { Knex } from 'knex';
import type { Order } from '@db/models';
import type { Limits } from '@api/config';
import type { MailAttachment, Mailer } from '@api/integrations/mail';
import type { PaymentProcessor } from '@api/integrations/payments/payment-processor';
import type { Clock } from '@api/lib/clock';
import type { Logger } from '@api/logger';
import type { RateLimiter } from '../../platform/rate-limiter';

export interface CheckoutServiceOptions {
  knex: Knex;
  processor: PaymentProcessor;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** Seals the processor's client secrets kept on pending orders (to continue an open checkout). */
  secretKey: Buffer;
  limits: Pick<Limits, 'checkoutPerIp' | 'checkoutPerEmail' | 'couponAttemptsPerIp' | 'maxSeatsPerOrder' | 'maxSeatsPerCheckout'>;
  /** What the receipt mail attaches: the invoice PDF and the calendar invites (`services/orders/index.ts` wires them). */
  receiptAttachments?: (orderId: string) => Promise<MailAttachment[]>;
  /** Paragraphs the receipt adds: the buyer's own join links to the order's live sessions (issue 30). */
  receiptNotes?: (orderId: string) => Promise<string[]>;
  /** What runs when an order completes or is cancelled: `ORDER_STEPS` (`order-steps.ts`) unless `CheckoutService` is given its own. */
  orderSteps: OrderSteps;
}

/**
 * Why an order is cancelled: `failed` (a pending order that will not be paid: declined, canceled,
 * replaced, its payment could not be set up), `expired` (unpaid past its hold),
 * `refund_required` (paid, but it cannot be completed: the whole amount is owed back),
 * `membership_ended` (a completed membership whose subscription was cancelled).
 */
/** `refunded`: an admin refunded the whole order (`services/orders/refunds`). */
export type OrderCancellation = 'failed' | 'expired' | 'refund_required' | 'membership_ended' | 'refunded';

export interface OrderStepContext {
  trx: Knex.Transaction;
  /** The order as its transaction sees it when the steps start, with its lines (`items`). A step that changes it patches the row; later steps read the database for that. */
  order: Order;
  now: Date;
  /** The collaborators checkout was built with (knex, mailer, clock, logger, …). */
  checkout: CheckoutServiceOptions;
}

export interface OrderCancelContext extends OrderStepContext {
  how: OrderCancellation;
  /** Why, and who (a refund's reason and admin); absent for the system's own cancellations. */
  cause?: { reason: string; actorId: string | null };
}

/** What an after-commit part gets: the same, with `knex` instead of the finished transaction. */
export type AfterCommitContext<C extends OrderStepContext> = Omit<C, 'trx'> & { knex: Knex };

export interface OrderStep<C extends OrderStepContext> {
  readonly name: string;
  prepare?(knex: Knex, now: Date): Promise<void>;
  lock?(trx: Knex.Transaction, now: Date): Promise<void>;
  inTransaction?(ctx: C): Promise<void>;
  afterCommit?(ctx: AfterCommitContext<C>): Promise<void>;
  /** Its in-transaction part is the transaction's last write: no later step may have one. */
  readonly last?: boolean;
}

/** A step run when an order completes. */
export type OrderCompletionStep = OrderStep<OrderStepContext>;
/** A step run when an order is cancelled or refunded (see `OrderCancellation`). */
export type OrderCancelStep = OrderStep<OrderCancelContext>;

export interface OrderSteps {
  completed: readonly OrderCompletionStep[];
  cancelled: readonly OrderCancelStep[];
}
