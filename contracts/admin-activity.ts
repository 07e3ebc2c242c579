/**
 * The audit log (`GET /api/admin/activity`): every back-office write (catalogue, people, messages),
 * newest first. Admins read everyone's and may filter by entity and actor; a contributor reads only
 * their own (the contributor dashboard's Recent Activity).
 */
import { z } from 'zod';
import { cursorSchema, pageLimitSchema } from './paging';

export const AUDIT_ENTITIES = [
  'course',
  'pricing_tier',
  'instructor',
  'user',
  'contact_message',
  'course_module',
  'lesson',
  'entitlement',
  'order',
  'attendance',
  'assessment',
  'question',
  'certificate',
  'organisation',
  'coupon',
  'cancellation_policy',
  'booking',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'archive'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  course: 'Courses',
  pricing_tier: 'Pricing tiers',
  instructor: 'Instructors',
  user: 'People',
  contact_message: 'Messages',
  course_module: 'Course modules',
  lesson: 'Lessons',
  entitlement: 'Access grants',
  order: 'Orders',
  attendance: 'Attendance',
  assessment: 'Assessments',
  question: 'Question bank',
  certificate: 'Certificates',
  organisation: 'Organisations',
  coupon: 'Coupons',
  cancellation_policy: 'Cancellation policies',
  booking: 'Bookings',
};

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;

export const activityQuerySchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    /** Part of the actor's e-mail, any case. Ignored for contributors, who read their own. */
    actor: z.string().trim().toLowerCase().max(320, 'actor must be at most 320 characters').optional(),
    limit: pageLimitSchema(ACTIVITY_PAGE_MAX).optional(),
    cursor: cursorSchema(400).optional(),
  })
  .strict();
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export interface ActivityEntry {
  id: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  actorEmail: string | null;
  summary: string;
  /** Each changed field: [before, after]. */
  changes: Record<string, [unknown, unknown]>;
  createdAt: string;
}
