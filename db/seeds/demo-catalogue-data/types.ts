/**
 * The demo catalogue: instructors, courses and pricing tiers written for this product.
 *
 * Pure data (no database access). Ids are fixed so seeding is idempotent. Dates are relative to
 * the moment of seeding (`schedule.startOffsetDays` days from "now", at `startTimeLocal` in the
 * course's own time zone), so a demo always has both past and upcoming sessions.
 * Money is integer cents. Rich text (bios, descriptions) is small, allow-listed HTML.
 *
 * Course types and time zones are the contract's (contracts/).
 */
import type { TimeZone } from '@contracts/catalogue';
import type { CourseType } from '@contracts/course-types';

export type DemoCourseType = CourseType;

export type DemoTimeZone = TimeZone;

/** Minutes of teaching per seminar day (09:00 to 17:00). */
export const SEMINAR_MINUTES_PER_DAY = 480;

export interface DemoInstructor {
  id: string;
  /** File name stem of the generated avatar, `/images/instructors/<slug>.svg`. */
  slug: string;
  name: string;
  title: string;
  /** HTML. */
  bio: string;
  image: string;
  expertise: string[];
}

/** A speaker given as free text on the course instead of an instructor record. */
export interface DemoGuestInstructor {
  name: string;
  title: string;
  /** HTML. */
  bio: string;
  image: string | null;
}

export interface DemoSchedule {
  /** Whole days from the seed time (negative: in the past). */
  startOffsetDays: number;
  /** Start time in the course's time zone, "HH:MM". */
  startTimeLocal: string;
  /** Seminars: number of consecutive days (default 1); each ends 8 hours after it starts. */
  days?: number;
}

export interface DemoTier {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  features: string[];
  isDefault: boolean;
  tierLevel: number;
  sortOrder: number;
}

export interface DemoCourse {
  id: string;
  code: string;
  title: string;
  type: DemoCourseType;
  category: string;
  /** Short word shown on the generated course image. */
  topic: string;
  priceCents: number;
  shortDescription: string;
  /** HTML. */
  description: string;
  /** `/images/courses/<slug>.svg`, or null to show the fallback image. */
  image: string | null;
  /** Null: no date at all (packs). A recorded webinar keeps the date it was held: its editor requires one. */
  schedule: DemoSchedule | null;
  /** Minutes; null when variable. */
  duration: number | null;
  timezone: DemoTimeZone | null;
  location: string | null;
  maxParticipants: number | null;
  currentParticipants: number;
  /** Learning outcomes ("What You'll Learn"). */
  tags: string[];
  isActive: boolean;
  instructorId: string | null;
  guestInstructor: DemoGuestInstructor | null;
  tiers: DemoTier[];
}

// ---------------------------------------------------------------------------------------------
// Instructors
