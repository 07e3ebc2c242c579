/**
 * The audit log read back (`GET /api/admin/activity`), newest first by (created_at, id): admins
 * filter by entity and by the actor's e-mail (or part of it); a contributor reads only their own entries.
 */
import type { Knex } from 'knex';
import { AuditEntry } from '@db/models';
import { ACTIVITY_PAGE_DEFAULT, type ActivityEntry, type ActivityQuery } from '@contracts/admin-activity';
import { keysetPage, likeLiteral } from './keyset-page';

export class ActivityService {
  constructor(private readonly o: { knex: Knex }) {}

  /** `onlyActorId`: the entries of that person alone (a contributor's own). */
  async list(query: ActivityQuery, onlyActorId: string | null): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
    const list = AuditEntry.query(this.o.knex);
    if (onlyActorId) list.where('audit_entries.actor_id', onlyActorId);
    else if (query.actor) list.whereRaw(`lower(audit_entries.actor_email) like ? escape '!'`, [`%${likeLiteral(query.actor)}%`]);
    if (query.entity) list.where('audit_entries.entity', query.entity);
    const page = await keysetPage(list, 'audit_entries', { limit: query.limit ?? ACTIVITY_PAGE_DEFAULT, cursor: query.cursor });
    return {
      entries: page.rows.map((e) => ({
        id: e.id,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        actorEmail: e.actorEmail,
        summary: e.summary,
        changes: e.changes,
        createdAt: e.createdAt,
      })),
      nextCursor: page.nextCursor,
    };
  }
}
