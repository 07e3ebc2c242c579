/**
 * Contact messages in the back office: the messages the storefront's contact form stores
 * (`GET /api/admin/messages`), marked read or handled (`PATCH /api/admin/messages/:id`). Admins only.
 */
import { z } from 'zod';
import { cursorSchema, pageLimitSchema } from './paging';

export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;
export const MESSAGE_STATES = ['open', 'handled'] as const;

export const messageListQuerySchema = z
  .object({
    state: z.enum(MESSAGE_STATES, { error: `state must be one of ${MESSAGE_STATES.join(', ')}` }).optional(),
    limit: pageLimitSchema(MESSAGE_PAGE_MAX).optional(),
    cursor: cursorSchema(400).optional(),
  })
  .strict();
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messagePatchSchema = z
  .object({
    read: z.boolean({ error: 'read must be true or false' }).optional(),
    handled: z.boolean({ error: 'handled must be true or false' }).optional(),
  })
  .strict()
  .refine((body) => body.read !== undefined || body.handled !== undefined, { message: 'Send read or handled' });
export type MessagePatch = z.infer<typeof messagePatchSchema>;

export interface AdminMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
  handledBy: string | null;
}
