/** A contract schema's own message for a value it refuses, so the forms say what the server says. */
import type { z } from 'zod';

export function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? '' : (result.error.issues[0]?.message ?? '');
}
