import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

export type WaitlistStatus = 'waiting' | 'offered' | 'checkout' | 'accepted' | 'lapsed' | 'left' | 'removed';

/** A person's place on a full live session's waitlist (issue 35), and the offer of a freed seat. */
export class WaitlistEntry extends BaseModel {
  static override tableName = 'waitlist_entries';

  static override get modifiers(): Modifiers<QueryBuilder<WaitlistEntry>> {
    return {
      /** On the list: waiting, offered a seat, or buying it. */
      live: (query) => query.whereIn('waitlist_entries.status', ['waiting', 'offered', 'checkout']),
      /** The list's order. */
      inOrder: (query) => query.orderBy('waitlist_entries.position').orderBy('waitlist_entries.created_at').orderBy('waitlist_entries.id'),
    };
  }

  id!: string;
  courseId!: string;
  userId!: string;
  status!: WaitlistStatus;
  /** "<course>|<user>" while live (unique), else null. */
  liveKey!: string | null;
  position!: number;
  offerRound!: number;
  offeredAt!: string | null;
  offerExpiresAt!: string | null;
  /** The checkout the offered seat moved to. */
  orderId!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
