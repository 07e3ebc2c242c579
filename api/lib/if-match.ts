/**
 * `If-Match` (RFC 9110 §13.1.1) on course writes: `*`, or a list of entity tags compared strongly
 * with the course's version, which staff reads send as the strong ETag `"N"`. A weak tag
 * (`W/"…"`, e.g. a storefront read's catalogue ETag) never matches; a header that is not a list of
 * entity tags is a 400.
 */
import { AppError } from '../errors';

/** `any`: `If-Match: *`; otherwise the opaque parts of its strong tags (weak ones cannot match). */
export type IfMatch = { any: true } | { any: false; strong: string[] };

/** One entity tag of the list and the comma (or end) after it. */
const ENTITY_TAG = /[ \t]*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*(,|$)/y;

export const IF_MATCH_FORMAT = 'If-Match must be * or the ETag of a staff read of the course, e.g. "3"';

/** The header's condition, or undefined without the header. */
export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (!header || !header.trim()) return undefined;
  if (header.trim() === '*') return { any: true };
  const strong: string[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < header.length) {
    const match = ENTITY_TAG.exec(header);
    if (!match) throw AppError.badRequest(IF_MATCH_FORMAT);
    if (!match[1]) strong.push(match[2]!);
    if (!match[3]) break;
  }
  if (ENTITY_TAG.lastIndex < header.length) throw AppError.badRequest(IF_MATCH_FORMAT);
  return { any: false, strong };
}

/** Whether the condition holds for the course at `version` (strong comparison with `"version"`). */
export function ifMatchAllows(condition: IfMatch, version: number): boolean {
  return condition.any || condition.strong.includes(String(version));
}
