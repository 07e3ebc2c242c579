import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

/** `wanted`: seats the order takes when its payment is confirmed (nothing reserved meanwhile). */
export type SeatHoldStatus = 'held' | 'wanted' | 'converted' | 'released';

/** Seats an unpaid checkout reserves (`held`, mirrored in `courses.seats_held`) or takes at payment (`wanted`). */
export class SeatHold extends BaseModel {
  static override tableName = 'seat_holds';

  static override get modifiers(): Modifiers<QueryBuilder<SeatHold>> {
    return {
      held: (query) => query.where('seat_holds.status', 'held'),
      /** Holds of an open checkout: seats reserved (`held`) or to be taken at payment (`wanted`). */
      open: (query) => query.whereIn('seat_holds.status', ['held', 'wanted']),
    };
  }

  id!: string;
  orderId!: string;
  courseId!: string;
  seats!: number;
  status!: SeatHoldStatus;
  /** "<buyer e-mail>|<course id>" ("guest:…" for a guest) while open (unique), null once the hold ends. */
  liveKey!: string | null;
  /** The client (address) that opened a guest checkout; null for a signed-in buyer. */
  clientKey!: string | null;
  /** "<client>|<course id>" while a guest hold is live (unique): one guest hold per client and course. */
  clientLiveKey!: string | null;
  expiresAt!: string;
  createdAt!: string;
}
