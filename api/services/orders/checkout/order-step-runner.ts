/**
 * The seam of fulfilment (issue 28): what an order's completion — and its cancellation or
 * refund — does is a declared, ordered list of steps (`order-steps.ts`), run here, not code in
 * fulfilment. A new domain (entitlements, seat pools, certificates) adds a step there; it never
 * edits `fulfil-order.ts`, `fail-order.ts` or `memberships.ts`.
 *
 * A step has up to four parts, each optional, run by the transaction that completes (or
 * cancels) the order:
 * - `prepare`, before the transaction, in its own statements (make the row that `lock` takes);
 * - `lock`, the transaction's first statements, before the order is read or changed, whether or
 *   not the order then completes: rows every such transaction writes (a counter) are taken in
 *   one order by all of them, so they queue instead of deadlocking;
 * - `inTransaction`, only in the one transaction that changed the order's state (the conditional
 *   UPDATE: exactly once per order, whatever the number of concurrent confirmations and
 *   processes). A step that throws rolls everything back — the order stays as it was;
 * - `afterCommit`, once that transaction committed, in the process that committed it. It may be
 *   lost to a crash and its failure undoes nothing (it is logged, the next steps still run): what
 *   must happen is recorded in the transaction, and the step's own sweep retries it (the
 *   receipt: `receipt_sent_at` and `reconcilePayments`).
 * Parts run in the list's order. A step marked `last` makes the transaction's last write (the
 * invoice number): `defineOrderSteps` refuses a list in which another step's in-transaction part
 * comes after it.
 */
import type { Knex } from 'knex';
import { Order } from '@db/models';
import type { AfterCommitContext, CheckoutServiceOptions, OrderCancelContext, OrderCancellation, OrderStep, OrderStepContext, OrderSteps } from './options';

export type {
  AfterCommitContext,
  OrderCancelContext,
  OrderCancellation,
  OrderCancelStep,
  OrderCompletionStep,
  OrderStep,
  OrderStepContext,
  OrderSteps,
} from './options';

/** The after-commit parts a committed transaction still owes. */
export type AfterCommitRun = Array<{ step: string; orderId: string; run: () => Promise<void> }>;

function checkList(list: readonly OrderStep<never>[], what: string): void {
  const names = new Set<string>();
  let last: string | null = null;
  for (const step of list) {
    if (names.has(step.name)) throw new Error(`Two ${what} steps are named "${step.name}"`);
    names.add(step.name);
    if (last && step.inTransaction)
      throw new Error(`The ${what} step "${step.name}" writes in the transaction after "${last}", which must be its last write: declare it before "${last}"`);
    if (step.last) last = step.name;
  }
}

/** The lists as given, checked: unique names, and nothing written in the transaction after a `last` step. */
export function defineOrderSteps(steps: OrderSteps): OrderSteps {
  checkList(steps.completed, 'completion');
  checkList(steps.cancelled, 'cancellation');
  return { completed: Object.freeze([...steps.completed]), cancelled: Object.freeze([...steps.cancelled]) };
}

/** The steps a transaction may run: completion (fulfilment, which can also end in a refund) or cancellation only. */
function stepsFor(o: CheckoutServiceOptions, completes: boolean): readonly OrderStep<never>[] {
  return completes ? [...o.orderSteps.completed, ...o.orderSteps.cancelled] : o.orderSteps.cancelled;
}

/** Before the transaction: every step's `prepare`, in order. */
export async function prepareSteps(o: CheckoutServiceOptions, completes: boolean, now: Date): Promise<void> {
  for (const step of stepsFor(o, completes)) await step.prepare?.(o.knex, now);
}

/** The transaction's first statements: every step's `lock`, in order. */
export async function lockSteps(o: CheckoutServiceOptions, trx: Knex.Transaction, completes: boolean, now: Date): Promise<void> {
  for (const step of stepsFor(o, completes)) await step.lock?.(trx, now);
}

async function runList<C extends OrderStepContext>(list: readonly OrderStep<C>[], ctx: C): Promise<AfterCommitRun> {
  for (const step of list) await step.inTransaction?.(ctx);
  const { trx: _trx, ...rest } = ctx;
  const after = { ...rest, knex: ctx.checkout.knex } as AfterCommitContext<C>;
  return list.filter((step) => step.afterCommit).map((step) => ({ step: step.name, orderId: ctx.order.id, run: () => step.afterCommit!(after) }));
}

/** In the transaction that just completed `order`: the completion steps. Returns what runs after commit. */
export async function runCompletionSteps(o: CheckoutServiceOptions, trx: Knex.Transaction, order: Order, now: Date): Promise<AfterCommitRun> {
  return runList(o.orderSteps.completed, { trx, order, now, checkout: o });
}

/** In the transaction that just cancelled the order (its state already changed): the cancellation steps. Returns what runs after commit. */
export async function runCancelSteps(
  o: CheckoutServiceOptions,
  trx: Knex.Transaction,
  orderId: string,
  how: OrderCancellation,
  now: Date,
  cause?: OrderCancelContext['cause'],
): Promise<AfterCommitRun> {
  if (o.orderSteps.cancelled.length === 0) return [];
  const order = await Order.query(trx).findById(orderId).withGraphFetched('items').throwIfNotFound();
  return runList(o.orderSteps.cancelled, { trx, order, now, checkout: o, how, cause });
}

/** After commit: each part in order; a failure is logged and undoes nothing. */
export async function runAfterCommit(o: CheckoutServiceOptions, run: AfterCommitRun): Promise<void> {
  for (const part of run) {
    try {
      await part.run();
    } catch (error) {
      o.logger.error('An after-commit order step failed; the order stands', { step: part.step, orderId: part.orderId, error: String(error) });
    }
  }
}
