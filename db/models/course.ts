import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { CreditRules } from '@contracts/credits';
import { BaseModel } from './base-model';
import { Instructor } from './instructor';
import { PricingTier } from './pricing-tier';

export class Course extends BaseModel {
  static override tableName = 'courses';
  static override booleanAttributes = ['isActive', 'noSkipping'];
  /** The listing order's sort keys (migration 14): `start_date is null`, `lower(title)`. */
  static override generatedColumns = ['listing_undated', 'listing_title'];
  static override get jsonAttributes() {
    return ['tags', 'creditRules'];
  }

  static override get relationMappings(): RelationMappings {
    return {
      instructor: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Instructor,
        join: { from: 'courses.instructor_id', to: 'instructors.id' },
      },
      pricingTiers: {
        relation: BaseModel.HasManyRelation,
        modelClass: PricingTier,
        join: { from: 'courses.id', to: 'pricing_tiers.course_id' },
      },
    };
  }

  static override get modifiers(): Modifiers<QueryBuilder<Course>> {
    return {
      /** Courses the storefront shows. */
      active: (query) => query.where('courses.is_active', true),
      /** Courses the back office lists (everything but archived ones). */
      notArchived: (query) => query.whereNull('courses.archived_at'),
      /** Courses that can still take `seats` more seats (unlimited, or free seats left after paid ones and holds). */
      hasSeatsFor: (query, seats: number) =>
        query.where((w) =>
          w.whereNull('courses.max_participants').orWhereRaw('courses.current_participants + courses.seats_held + ? <= courses.max_participants', [seats]),
        ),
    };
  }

  id!: string;
  title!: string;
  code!: string;
  type!: string;
  category!: string | null;
  priceCents!: number;
  shortDescription!: string | null;
  /** Sanitized HTML. */
  description!: string | null;
  image!: string | null;
  /** How long a waitlist offer holds a freed seat (issue 35). */
  waitlistOfferMinutes!: number;
  startDate!: string | null;
  endDate!: string | null;
  duration!: number | null;
  timezone!: string | null;
  location!: string | null;
  maxParticipants!: number | null;
  currentParticipants!: number;
  /** Seats held by unpaid checkouts (`seat_holds`). */
  seatsHeld!: number;
  /** The part of `seatsHeld` that waitlist offers hold (issue 35; public: counted as taken on the storefront). */
  seatsOffered!: number;
  /** The part of `seatsHeld` that guest checkouts hold (at most three quarters of the seats). */
  guestSeatsHeld!: number;
  /** +1 on every staff write (optimistic concurrency). */
  version!: number;
  /** The sessions (dates) of one course share it (Duplicate sets it); null: a course of its own. */
  seriesId!: string | null;
  /** Set when a deleted course had buyers: kept for their history, hidden everywhere else. */
  archivedAt!: string | null;
  tags!: string[];
  isActive!: boolean;
  /** Seeking past the furthest point watched is refused; only contiguous watching counts. */
  noSkipping!: boolean;
  instructorId!: string | null;
  instructorName!: string | null;
  instructorTitle!: string | null;
  instructorImage!: string | null;
  /** Sanitized HTML. */
  instructorBio!: string | null;
  /** The credit rule of a live session (JSON text; null: none set, the course awards no credit). */
  creditRules!: CreditRules | null;
  createdAt!: string;
  updatedAt!: string;

  instructor?: Instructor | null;
  pricingTiers?: PricingTier[];
}
