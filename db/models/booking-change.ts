import type { CourseType } from '@contracts/course-types';
import { BaseModel } from './base-model';

/** An admin's cancellation policy for a course type (issue 35); absent: the default. */
export class CancellationPolicyRow extends BaseModel {
  static override tableName = 'cancellation_policies';
  static override idColumn = 'course_type';
  static override get jsonAttributes(): string[] {
    return ['refundTiers'];
  }

  courseType!: CourseType;
  refundTiers!: Array<{ daysBefore: number; percent: number }>;
  transferUntilHours!: number | null;
  sessionChangeUntilHours!: number | null;
  updatedBy!: string | null;
  updatedAt!: string;
}

/** A booked seat cancelled, transferred or moved to another date by its holder (once per entitlement). */
export class BookingChange extends BaseModel {
  static override tableName = 'booking_changes';

  id!: string;
  kind!: 'cancelled' | 'transferred' | 'moved';
  entitlementId!: string;
  userId!: string;
  courseId!: string;
  orderId!: string;
  toUserId!: string | null;
  /** Moved: the session the seat went to. */
  toCourseId!: string | null;
  refundPercent!: number | null;
  refundCents!: number | null;
  refundId!: string | null;
  createdAt!: string;
}
