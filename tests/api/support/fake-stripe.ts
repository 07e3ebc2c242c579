/**
 * A small local fake of Stripe's REST API (v1), on 127.0.0.1 and an ephemeral port, so the real
 * `stripe` SDK can be pointed at it with its `host`, `port` and `protocol` options and nothing
 * leaves the machine. It implements exactly what StripePaymentProcessor calls:
 *
 *   POST   /v1/payment_intents              create
 *   POST   /v1/payment_intents/:id/cancel   cancel
 *   GET    /v1/payment_intents/:id          retrieve
 *   GET    /v1/subscriptions/:id            retrieve
 *   POST   /v1/customers                    create
 *   POST   /v1/coupons                      create (amount_off, once: what a membership coupon takes off)
 *   POST   /v1/subscriptions                create (latest_invoice expandable, with confirmation_secret;
 *                                           `discounts[][coupon]` taken off the first invoice)
 *   DELETE /v1/subscriptions/:id            cancel
 *   POST   /v1/refunds                      create (of a succeeded PaymentIntent; never more than it received)
 *   GET    /v1/invoice_payments             list (?invoice=…: the payment of a subscription's invoice)
 *
 * Like Stripe it checks the secret key, answers errors as `{ error: { type, code, message } }`,
 * and replays the stored answer for a repeated Idempotency-Key. Every request is recorded
 * (method, path, parsed form body, Authorization, Idempotency-Key) so tests can assert what the
 * SDK really sent. `failWith` makes it answer an error, as Stripe does when a call fails.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_API_VERSION = '2025-10-29.clover';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Parses Stripe's bracket form encoding (`metadata[orderId]=…`, `items[0][price]=…`,
 * `expand[0]=…`, `expand[]=…`) into nested objects and arrays. Values stay strings, as on the wire.
 */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new Error(`Malformed form key: ${rawKey}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const isLast = i === path.length - 1;
      const nextIsIndex = !isLast && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (isLast) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
      } else {
        if (key === '') throw new Error(`Malformed form key: ${rawKey}`);
        if (isLast) node[key] = value;
        else node = (node[key] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
      }
    }
  }
  return root;
}

export interface FakeStripeRequest {
  method: string;
  /** Path without the query string, e.g. /v1/payment_intents. */
  path: string;
  query: FormObject;
  /** The parsed form body. */
  body: FormObject;
  rawBody: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

export interface FakeStripeFailure {
  /** Which calls fail: `METHOD /path` prefix (e.g. "POST /v1/payment_intents") or a predicate. */
  match: string | ((request: FakeStripeRequest) => boolean);
  status: number;
  type?: 'card_error' | 'invalid_request_error' | 'api_error' | 'rate_limit_error';
  code?: string;
  message?: string;
  /** Sent as the Stripe-Should-Retry header when set. */
  shouldRetry?: boolean;
}

type Json = Record<string, any>;

export interface FakeStripe {
  /** Pass as StripeConfig.api. */
  api: { host: string; port: number; protocol: 'http' };
  url: string;
  requests: FakeStripeRequest[];
  paymentIntents: Map<string, Json>;
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  refunds: Map<string, Json>;
  coupons: Map<string, Json>;
  /** Requests matching method and path (exact string or pattern). */
  requestsTo(method: string, path: string | RegExp): FakeStripeRequest[];
  /** Makes matching calls fail until cleared with `failWith(null)`. */
  failWith(failure: FakeStripeFailure | null): void;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_fake_${crypto.randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message);
  }
}

const missing = (param: string) => new FakeStripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });
const noSuch = (kind: string, id: string) =>
  new FakeStripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function metadataOf(body: FormObject): Record<string, string> {
  const metadata = body.metadata;
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return {};
  return Object.fromEntries(Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function expandList(body: FormObject): string[] {
  const expand = body.expand;
  return Array.isArray(expand) ? expand.filter((e): e is string => typeof e === 'string') : [];
}

export async function startFakeStripe(options: { secretKey: string; prices?: Record<string, number> }): Promise<FakeStripe> {
  const prices = options.prices ?? {};
  const requests: FakeStripeRequest[] = [];
  const paymentIntents = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  let failure: FakeStripeFailure | null = null;

  function createPaymentIntent(body: FormObject): Json {
    const amount = str(body.amount);
    const currency = str(body.currency);
    if (amount === undefined) throw missing('amount');
    if (currency === undefined) throw missing('currency');
    if (!/^\d+$/.test(amount) || Number(amount) < 50) {
      throw new FakeStripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    }
    const id = randomId('pi');
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount: Number(amount),
      amount_received: 0,
      automatic_payment_methods: body.automatic_payment_methods ? { enabled: str((body.automatic_payment_methods as FormObject).enabled) === 'true' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency,
      customer: str(body.customer) ?? null,
      description: str(body.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(body),
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: str(body.receipt_email) ?? null,
      status: 'requires_payment_method',
    };
    paymentIntents.set(id, intent);
    return intent;
  }

  function cancelPaymentIntent(id: string, body: FormObject): Json {
    const intent = paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new FakeStripeError(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    Object.assign(intent, { status: 'canceled', canceled_at: nowSeconds(), cancellation_reason: str(body.cancellation_reason) ?? null });
    return intent;
  }

  function createCustomer(body: FormObject): Json {
    const id = randomId('cus');
    const customer: Json = {
      id,
      object: 'customer',
      created: nowSeconds(),
      email: str(body.email) ?? null,
      name: str(body.name) ?? null,
      livemode: false,
      metadata: metadataOf(body),
    };
    customers.set(id, customer);
    return customer;
  }

  function createCoupon(body: FormObject): Json {
    const amountOff = Number(str(body.amount_off));
    if (!Number.isInteger(amountOff) || amountOff <= 0) throw missing('amount_off');
    if (str(body.currency) !== 'usd') throw missing('currency');
    const coupon: Json = {
      id: randomId('coupon'),
      object: 'coupon',
      amount_off: amountOff,
      currency: 'usd',
      duration: str(body.duration) ?? 'once',
      max_redemptions: body.max_redemptions === undefined ? null : Number(str(body.max_redemptions)),
      metadata: metadataOf(body),
      valid: true,
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  function createSubscription(body: FormObject): Json {
    const customerId = str(body.customer);
    if (!customerId) throw missing('customer');
    if (!customers.has(customerId))
      throw new FakeStripeError(400, 'invalid_request_error', `No such customer: '${customerId}'`, { code: 'resource_missing', param: 'customer' });
    const items = Array.isArray(body.items) ? body.items : [];
    if (items.length === 0) throw missing('items');
    const priceIds = items.map((item) => str((item as FormObject).price));
    const unknown = priceIds.find((price) => !price || !(price in prices));
    if (unknown !== undefined || priceIds.some((p) => !p)) {
      throw new FakeStripeError(400, 'invalid_request_error', `No such price: '${unknown ?? ''}'`, { code: 'resource_missing', param: 'items[0][price]' });
    }
    const metadata = metadataOf(body);
    const subscriptionId = randomId('sub');
    const invoiceId = randomId('in');
    const intentId = randomId('pi');
    const subtotal = priceIds.reduce((sum, price) => sum + prices[price!]!, 0);
    // Coupons named in `discounts`, like Stripe: an amount off the first invoice, never below zero.
    const discounts = (Array.isArray(body.discounts) ? body.discounts : []).map((d) => str((d as FormObject).coupon));
    const missingCoupon = discounts.find((id) => !id || !coupons.has(id));
    if (missingCoupon !== undefined)
      throw new FakeStripeError(400, 'invalid_request_error', `No such coupon: '${missingCoupon ?? ''}'`, { code: 'resource_missing', param: 'discounts' });
    const off = Math.min(
      subtotal,
      discounts.reduce((sum, id) => sum + Number(coupons.get(id!)!.amount_off), 0),
    );
    const total = subtotal - off;
    const invoice: Json = {
      subtotal,
      total_discount_amounts: discounts.map((id) => ({ amount: Number(coupons.get(id!)!.amount_off), discount: id })),
      id: invoiceId,
      object: 'invoice',
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      billing_reason: 'subscription_create',
      // The fake's own link to the invoice's payment (Stripe lists it at /v1/invoice_payments).
      payment_intent_id: intentId,
      collection_method: 'charge_automatically',
      confirmation_secret: { client_secret: `${intentId}_secret_${crypto.randomBytes(12).toString('hex')}`, type: 'payment_intent' },
      created: nowSeconds(),
      currency: 'usd',
      customer: customerId,
      customer_email: customers.get(customerId)!.email,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...metadata }, subscription: subscriptionId },
      },
      status: 'open',
      total,
    };
    const subscription: Json = {
      id: subscriptionId,
      object: 'subscription',
      created: nowSeconds(),
      currency: 'usd',
      customer: customerId,
      items: {
        object: 'list',
        data: priceIds.map((price) => ({
          id: randomId('si'),
          object: 'subscription_item',
          price: { id: price, object: 'price', unit_amount: prices[price!], currency: 'usd', recurring: { interval: 'year' } },
          quantity: 1,
        })),
        has_more: false,
      },
      latest_invoice: invoiceId,
      livemode: false,
      metadata,
      payment_settings: body.payment_settings ?? null,
      status: str(body.payment_behavior) === 'default_incomplete' ? 'incomplete' : 'active',
    };
    invoices.set(invoiceId, invoice);
    subscriptions.set(subscriptionId, subscription);
    return withExpansions(subscription, expandList(body));
  }

  /** Expands latest_invoice like Stripe; confirmation_secret is only included when asked for. */
  function withExpansions(subscription: Json, expand: string[]): Json {
    const wantsInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    if (!wantsInvoice) return subscription;
    const invoice = { ...invoices.get(subscription.latest_invoice)! };
    if (!expand.includes('latest_invoice.confirmation_secret')) invoice.confirmation_secret = null;
    return { ...subscription, latest_invoice: invoice };
  }

  function cancelSubscription(id: string): Json {
    const subscription = subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id);
    Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
    return subscription;
  }

  /** A refund, like Stripe's: of a succeeded PaymentIntent (or a paid invoice's), at most what it received less earlier refunds. */
  function createRefund(body: FormObject): Json {
    const intentId = str(body.payment_intent);
    if (!intentId) throw missing('payment_intent');
    const intent = paymentIntents.get(intentId);
    const invoice = intent ? undefined : [...invoices.values()].find((i) => i.payment_intent_id === intentId);
    if (!intent && !invoice) throw noSuch('payment_intent', intentId);
    const received = intent
      ? intent.status === 'succeeded'
        ? Number(intent.amount_received || intent.amount)
        : 0
      : invoice!.status === 'paid'
        ? invoice!.total
        : 0;
    if (received === 0)
      throw new FakeStripeError(400, 'invalid_request_error', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intentId && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    const amount = str(body.amount) === undefined ? received - refunded : Number(str(body.amount));
    if (!Number.isInteger(amount) || amount <= 0) throw new FakeStripeError(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
    if (refunded >= received)
      throw new FakeStripeError(400, 'invalid_request_error', `Charge for ${intentId} has already been refunded.`, { code: 'charge_already_refunded' });
    if (amount > received - refunded)
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((received - refunded) / 100).toFixed(2)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    const refund: Json = {
      id: randomId('re'),
      object: 'refund',
      amount,
      charge: intent?.latest_charge ?? null,
      created: nowSeconds(),
      currency: 'usd',
      metadata: metadataOf(body),
      payment_intent: intentId,
      reason: str(body.reason) ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function listInvoicePayments(query: FormObject): Json {
    const invoice = invoices.get(str(query.invoice) ?? '');
    const data = invoice
      ? [
          {
            id: randomId('inpay'),
            object: 'invoice_payment',
            invoice: invoice.id,
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: invoice.payment_intent_id },
            status: invoice.status === 'paid' ? 'paid' : 'open',
          },
        ].filter((p) => !str(query.status) || p.status === str(query.status))
      : [];
    return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
  }

  function route(request: FakeStripeRequest): Json {
    const { method, path, body } = request;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) return cancelPaymentIntent(decodeURIComponent(m[1]!), body);
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = paymentIntents.get(decodeURIComponent(m[1]!));
      if (!intent) throw noSuch('payment_intent', decodeURIComponent(m[1]!));
      return intent;
    }
    if (method === 'GET' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(decodeURIComponent(m[1]!));
      if (!subscription) throw noSuch('subscription', decodeURIComponent(m[1]!));
      return subscription;
    }
    if (method === 'POST' && path === '/v1/customers') return createCustomer(body);
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(body);
    if (method === 'POST' && path === '/v1/coupons') return createCoupon(body);
    if (method === 'DELETE' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) return cancelSubscription(decodeURIComponent(m[1]!));
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && path === '/v1/invoice_payments') return listInvoicePayments(request.query);
    throw new FakeStripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function matches(f: FakeStripeFailure, request: FakeStripeRequest): boolean {
    return typeof f.match === 'function' ? f.match(request) : `${request.method} ${request.path}`.startsWith(f.match);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': randomId('req'), ...headers });
        res.end(JSON.stringify(body));
      };
      const errorBody = (e: FakeStripeError) => ({ error: { type: e.type, message: e.message, ...e.extra } });
      let request: FakeStripeRequest;
      try {
        const url = new URL(req.url ?? '/', 'http://fake-stripe.local');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const header = (name: string) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        request = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: parseStripeForm(url.search.slice(1)),
          body: parseStripeForm(rawBody),
          rawBody,
          authorization: header('authorization'),
          idempotencyKey: header('idempotency-key'),
          stripeVersion: header('stripe-version'),
        };
      } catch (error) {
        send(400, { error: { type: 'invalid_request_error', message: (error as Error).message } });
        return;
      }
      requests.push(request);

      if (request.authorization !== `Bearer ${options.secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${request.authorization ?? '(none)'}` } });
        return;
      }
      if (failure && matches(failure, request)) {
        const f = failure;
        const type = f.type ?? (f.status === 402 ? 'card_error' : f.status >= 500 ? 'api_error' : 'invalid_request_error');
        const headers: Record<string, string> = f.shouldRetry === undefined ? {} : { 'Stripe-Should-Retry': String(f.shouldRetry) };
        send(f.status, { error: { type, code: f.code, message: f.message ?? `Fake Stripe failure (${f.status})` } }, headers);
        return;
      }
      const replayKey = request.idempotencyKey ? `${request.method} ${request.path} ${request.idempotencyKey}` : null;
      const replay = replayKey ? idempotent.get(replayKey) : undefined;
      if (replay) {
        send(replay.status, replay.body, { 'Idempotent-Replayed': 'true' });
        return;
      }
      try {
        const body = route(request);
        if (replayKey) idempotent.set(replayKey, { status: 200, body });
        send(200, body);
      } catch (error) {
        if (error instanceof FakeStripeError) send(error.status, errorBody(error));
        else send(500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    url: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    customers,
    subscriptions,
    invoices,
    refunds,
    coupons,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    failWith: (f) => void (failure = f),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Stripe event envelope as Stripe delivers it to a webhook endpoint. */
export function stripeEvent<T extends object>(type: string, object: T, overrides: { id?: string; created?: number } = {}) {
  return {
    id: overrides.id ?? `evt_fake_${crypto.randomBytes(12).toString('hex')}`,
    object: 'event' as const,
    api_version: FAKE_STRIPE_API_VERSION,
    created: overrides.created ?? nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_fake_${crypto.randomBytes(8).toString('hex')}`, idempotency_key: null },
    type,
  };
}

/**
 * A webhook delivery signed like Stripe signs it: the exact payload bytes and a
 * Stripe-Signature header from the SDK's own generateTestHeaderString.
 * `timestamp` is in seconds since the epoch (defaults to now).
 */
export function signedWebhook(
  event: object | string,
  secret: string,
  options: { timestamp?: number } = {},
): { payload: string; headers: { 'Stripe-Signature': string; 'Content-Type': string } } {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }) });
  return { payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } };
}
