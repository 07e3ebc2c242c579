/**
 * Contact messages in the back office: the ones the storefront's contact form stored, newest first
 * (open ones, handled ones, or all), and marking one read or handled. Marks are conditional
 * UPDATEs, so two admins marking at once record the first time; unmarking clears it. A mark's
 * Idempotency-Key answer (`record`) is recorded as the last step of its transaction.
 */
import type { Knex } from 'knex';
import { ContactMessage } from '@db/models';
import { transaction } from '@db/transaction';
import { MESSAGE_PAGE_DEFAULT, type AdminMessage, type MessageListQuery, type MessagePatch } from '@contracts/admin-messages';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { keysetPage } from '../platform/keyset-page';

export interface MessageServiceOptions {
  knex: Knex;
  clock: Clock;
}

function toAdminMessage(m: ContactMessage): AdminMessage {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    createdAt: m.createdAt,
    readAt: m.readAt,
    handledAt: m.handledAt,
    handledBy: m.handledBy,
  };
}

const marks = (m: ContactMessage) => ({ readAt: m.readAt, handledAt: m.handledAt, handledBy: m.handledBy });

export class MessageService {
  constructor(private readonly o: MessageServiceOptions) {}

  async list(query: MessageListQuery): Promise<{ messages: AdminMessage[]; nextCursor: string | null }> {
    const list = ContactMessage.query(this.o.knex);
    if (query.state === 'open') list.whereNull('contact_messages.handled_at');
    if (query.state === 'handled') list.whereNotNull('contact_messages.handled_at');
    const page = await keysetPage(list, 'contact_messages', { limit: query.limit ?? MESSAGE_PAGE_DEFAULT, cursor: query.cursor });
    return { messages: page.rows.map(toAdminMessage), nextCursor: page.nextCursor };
  }

  async mark(actor: Actor, id: string, patch: MessagePatch, record?: RecordAnswer<AdminMessage>): Promise<AdminMessage> {
    const nowIso = this.o.clock().toISOString();
    return transaction(this.o.knex, async (trx) => {
      const before = await ContactMessage.query(trx).findById(id);
      if (!before) throw AppError.notFound('Message not found');
      // Handling a message means it was read.
      const read = patch.read ?? (patch.handled ? true : undefined);
      if (read === true) await ContactMessage.query(trx).patch({ readAt: nowIso }).where('id', id).whereNull('read_at');
      if (read === false) await ContactMessage.query(trx).patch({ readAt: null, handledAt: null, handledBy: null }).where('id', id);
      if (patch.handled === true) await ContactMessage.query(trx).patch({ handledAt: nowIso, handledBy: actor.email }).where('id', id).whereNull('handled_at');
      if (patch.handled === false) await ContactMessage.query(trx).patch({ handledAt: null, handledBy: null }).where('id', id);
      const after = (await ContactMessage.query(trx).findById(id))!;
      const changes = [after.readAt !== before.readAt, after.handledAt !== before.handledAt];
      // Logged only when something changed, and as what the admin did.
      if (changes.some(Boolean)) {
        const did = patch.handled === true ? 'Handled' : patch.handled === false ? 'Reopened' : patch.read === false ? 'Marked unread' : 'Read';
        await recordAudit(
          trx,
          actor,
          {
            entity: 'contact_message',
            entityId: id,
            action: 'update',
            before: marks(before),
            after: marks(after),
            summary: `${did} message from ${after.name}`,
          },
          nowIso,
        );
      }
      const answer = toAdminMessage(after);
      await record?.(trx, answer);
      return answer;
    });
  }
}
