/**
 * A bound on how deeply a JSON body nests. Parsing a deep body is fine, but walking it
 * recursively (`JSON.stringify` for the Idempotency-Key hash, validation) overflows the stack at a
 * few thousand levels; no request of this API nests more than a handful. Checked once for every
 * parsed JSON body (app.ts), before any of that runs.
 */
import { AppError } from '../errors';

/** Objects and arrays inside one another; the API's own bodies nest 3 levels at most (a cart: object, items, item). */
export const MAX_JSON_DEPTH = 32;

export const JSON_DEPTH_MESSAGE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays`;

/** Whether `value` has objects or arrays nested more than `max` levels (iterative: no recursion to overflow). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** 400 for a body nested deeper than `MAX_JSON_DEPTH`. */
export function assertJsonDepth(body: unknown): void {
  if (nestedDeeperThan(body, MAX_JSON_DEPTH)) throw AppError.badRequest(JSON_DEPTH_MESSAGE);
}
