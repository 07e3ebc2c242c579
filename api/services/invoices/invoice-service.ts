/**
 * Invoices of completed (and refunded) orders (issue 16), as PDF, and the credit note of each refund (issue 29): for the buyer, an admin or a contributor with
 * order-management (anyone else: 404, as if the order did not exist), for a guest on /success who
 * holds the payment's client secret, and for the receipt mail. Orders completed before invoices existed get their number on their
 * first download, from the same gapless counter (`ensureInvoiceNumber`).
 */
import type { Knex } from 'knex';
import { Order, Refund, TestPaymentIntent } from '@db/models';
import { allows, type Permission } from '@contracts/access';
import { REFUND_TEXTS } from '@contracts/admin-orders';
import { INVOICE_MESSAGES } from '@contracts/invoices';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { safeEqualHex, sha256Hex } from '../../lib/crypto';
import { renderCreditNotePdf } from './credit-note-document';
import { renderInvoicePdf, type InvoiceData } from './invoice-document';
import { ensureInvoiceNumber } from './invoice-numbers';
import { orderDiscountRows } from '../orders/order-discounts';

export interface InvoicePdf {
  invoiceNumber: string;
  filename: string;
  content: Buffer;
}

export interface CreditNotePdf {
  creditNoteNumber: string;
  filename: string;
  content: Buffer;
}

/** An invoice stays the invoice of an order that was refunded later (its credit notes correct it). */
const INVOICED = new Set(['completed', 'refunded']);

export interface InvoiceServiceOptions {
  knex: Knex;
  clock: Clock;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export class InvoiceService {
  constructor(private readonly o: InvoiceServiceOptions) {}

  /** The buyer's invoice, or any order's for an admin or a contributor with order-management; 404 for anyone else and for orders that are not completed. */
  async forUser(user: { id: string; role: string; permissions?: readonly Permission[] | null }, orderId: string): Promise<InvoicePdf> {
    const order = await Order.query(this.o.knex).findById(orderId).select('id', 'user_id', 'status');
    if (!order || !INVOICED.has(order.status) || (order.userId !== user.id && !allows('order-management', user)))
      throw AppError.notFound(INVOICE_MESSAGES.notFound);
    return this.pdf(order.id);
  }

  /**
   * The receipt on /success: the order paid through `paymentIntentId`, authorised by the
   * payment's client secret (compared as SHA-256 digests in constant time). A wrong secret is a
   * 404 like an unknown payment; a payment still being confirmed (Stripe's webhook) is a 409.
   */
  async forPayment(paymentIntentId: string, clientSecret: string): Promise<InvoicePdf> {
    const orders = await Order.query(this.o.knex).where('processor_intent_id', paymentIntentId).select('id', 'status', 'client_secret_hash').limit(2);
    const digest = sha256Hex(clientSecret);
    let order = orders.length === 1 ? orders[0]! : null;
    if (order && !(order.clientSecretHash && safeEqualHex(order.clientSecretHash, digest))) {
      // Orders from before the digest was kept: the test processor stores its own.
      const intent = await TestPaymentIntent.query(this.o.knex).findById(paymentIntentId).select('client_secret_hash', 'order_id');
      if (!intent || intent.orderId !== order.id || !safeEqualHex(intent.clientSecretHash, digest)) order = null;
    }
    if (!order) throw AppError.notFound(INVOICE_MESSAGES.notFound);
    if (order.status === 'pending') throw AppError.conflict(INVOICE_MESSAGES.notReady);
    if (!INVOICED.has(order.status)) throw AppError.notFound(INVOICE_MESSAGES.notFound);
    return this.pdf(order.id);
  }

  /** The invoice of a completed order (its number allocated now if it has none yet). */
  async pdf(orderId: string): Promise<InvoicePdf> {
    const { invoiceNumber, invoicedAt } = await ensureInvoiceNumber(this.o.knex, orderId, this.o.clock());
    const order = await Order.query(this.o.knex).findById(orderId).withGraphFetched('items').throwIfNotFound();
    const data: InvoiceData = {
      invoiceNumber,
      invoicedAt,
      orderId: order.id,
      orderedAt: order.createdAt,
      buyer: { name: order.customerName, email: order.customerEmail },
      lines: (order.items ?? []).map((item) => ({
        title: item.title,
        tier: item.tierName,
        quantity: item.quantity,
        unitCents: item.priceCents,
      })),
      discounts: orderDiscountRows(order),
      totalCents: order.totalCents,
      paymentMethod: await this.paymentMethod(order),
      paymentId: order.stripePaymentIntentId,
      refundDueCents: order.refundDueCents,
      note: order.kind === 'membership' && order.membershipPlan ? `Membership plan: ${order.membershipPlan}` : null,
    };
    return { invoiceNumber, filename: `${invoiceNumber}.pdf`, content: await renderInvoicePdf(data) };
  }

  /** A refund's credit note, for the order's buyer or staff with order-management; 404 for anyone else and for a refund without one. */
  async creditNoteForUser(user: { id: string; role: string; permissions?: readonly Permission[] | null }, refundId: string): Promise<CreditNotePdf> {
    const refund = await Refund.query(this.o.knex).findById(refundId).select('id', 'order_id', 'credit_note_number');
    const order = refund?.creditNoteNumber ? await Order.query(this.o.knex).findById(refund.orderId).select('id', 'user_id') : undefined;
    if (!refund || !order || (order.userId !== user.id && !allows('order-management', user))) throw AppError.notFound(REFUND_TEXTS.notFound);
    return this.creditNote(refund.id);
  }

  /** The credit note of a refund the processor made (the refund mail attaches it). */
  async creditNote(refundId: string): Promise<CreditNotePdf> {
    const refund = await Refund.query(this.o.knex).findById(refundId);
    if (!refund?.creditNoteNumber) throw AppError.notFound(REFUND_TEXTS.notFound);
    const order = await Order.query(this.o.knex).findById(refund.orderId).withGraphFetched('items').throwIfNotFound();
    // Refunded to date: this refund and those numbered before it (numbers follow the order of the refunds).
    const before = await Refund.query(this.o.knex)
      .where({ order_id: order.id, status: 'succeeded' })
      .where('credit_note_number', '<=', refund.creditNoteNumber)
      .sum('amount_cents as cents')
      .first()
      .castTo<{ cents: number | string | null } | undefined>();
    const content = await renderCreditNotePdf({
      creditNoteNumber: refund.creditNoteNumber,
      issuedAt: refund.updatedAt,
      orderId: order.id,
      orderedAt: order.createdAt,
      invoiceNumber: order.invoiceNumber,
      buyer: { name: order.customerName, email: order.customerEmail },
      lines: (order.items ?? []).map((item) => ({ title: item.title, tier: item.tierName, quantity: item.quantity, unitCents: item.priceCents })),
      totalCents: order.totalCents,
      amountCents: refund.amountCents,
      refundedToDateCents: Number(before?.cents ?? refund.amountCents),
      reason: refund.reason,
      paymentMethod: await this.paymentMethod(order),
      processorRefundId: refund.processorRefundId,
    });
    return { creditNoteNumber: refund.creditNoteNumber, filename: `${refund.creditNoteNumber}.pdf`, content };
  }

  /** "Visa ending in 4242" (the test processor keeps brand and last four), else the processor. */
  private async paymentMethod(order: Order): Promise<string> {
    const intentId = order.processorIntentId ?? order.stripePaymentIntentId;
    if (order.paymentProcessor === 'test' && intentId) {
      const intent = await TestPaymentIntent.query(this.o.knex).findById(intentId).select('card_brand', 'card_last4');
      if (intent?.cardLast4) return `${BRANDS[intent.cardBrand ?? ''] ?? 'Card'} ending in ${intent.cardLast4} (test processor)`;
      return 'Card (test processor)';
    }
    return 'Card payment via Stripe';
  }
}
