/** The query parameters of paged lists (`limit`, and the `cursor` a `Link: <…>; rel="next"` header hands on). */
import { z } from 'zod';

/** `limit` as a query string: a whole number from 1 to `max`. */
export function pageLimitSchema(max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z
    .string()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));
}

/** Opaque: the value from a previous answer's `Link` header. */
export function cursorSchema(maxLength: number) {
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${maxLength}}$`), 'cursor must be the value from a previous Link header');
}
