import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

export type SeatHoldStatus = 'held' | 'converted' | 'released';

/** Seats an unpaid checkout reserves on a seat-limited course (mirrored in `courses.seats_held`). */
export class SeatHold extends BaseModel {
  static override tableName = 'seat_holds';

  static override get modifiers(): Modifiers<QueryBuilder<SeatHold>> {
    return {
      held: (query) => query.where('seat_holds.status', 'held'),
    };
  }

  id!: string;
  orderId!: string;
  courseId!: string;
  seats!: number;
  status!: SeatHoldStatus;
  /** "<buyer e-mail>|<course id>" while held (unique), null once the hold ends. */
  liveKey!: string | null;
  expiresAt!: string;
  createdAt!: string;
}
