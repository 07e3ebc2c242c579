/**
 * Test data builders. Each writes through the same change log as the application, so sync sees
 * factory data exactly as it sees real writes.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { recordCatalogueChanges } from '../../../db/change-log';

let counter = 0;
const next = () => ++counter;

export interface CourseOverrides {
  id?: string;
  title?: string;
  code?: string;
  type?: string;
  category?: string | null;
  priceCents?: number;
  description?: string | null;
  shortDescription?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  duration?: number | null;
  timezone?: string | null;
  location?: string | null;
  maxParticipants?: number | null;
  currentParticipants?: number;
  tags?: string[];
  isActive?: boolean;
  instructorId?: string | null;
  instructorName?: string | null;
}

export async function createInstructor(knex: Knex, overrides: { id?: string; name?: string; title?: string; bio?: string; expertise?: string[] } = {}) {
  const n = next();
  const now = new Date().toISOString();
  const row = {
    id: overrides.id ?? crypto.randomUUID(),
    name: overrides.name ?? `Dr. Test Instructor ${n}`,
    title: overrides.title ?? 'Quality Consultant',
    bio: overrides.bio ?? '<p>Experienced consultant.</p>',
    image: '/images/instructor-fallback.svg',
    expertise: JSON.stringify(overrides.expertise ?? ['GMP', 'CAPA']),
    created_at: now,
    updated_at: now,
  };
  await knex.transaction(async (trx) => {
    await trx('instructors').insert(row);
    await recordCatalogueChanges(trx, [{ entity: 'instructor', entityId: row.id, action: 'upsert' }]);
  });
  return row;
}

export async function createCourse(knex: Knex, overrides: CourseOverrides = {}) {
  const n = next();
  const now = new Date().toISOString();
  const row = {
    id: overrides.id ?? crypto.randomUUID(),
    title: overrides.title ?? `Test Course ${n}`,
    code: overrides.code ?? `TST${n}${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
    type: overrides.type ?? 'live_webinar',
    category: overrides.category === undefined ? 'Pharmaceutical' : overrides.category,
    price_cents: overrides.priceCents ?? 19900,
    short_description: overrides.shortDescription === undefined ? 'A short description.' : overrides.shortDescription,
    description: overrides.description === undefined ? '<p>Course description.</p>' : overrides.description,
    image: null,
    start_date: overrides.startDate === undefined ? null : overrides.startDate,
    end_date: overrides.endDate === undefined ? null : overrides.endDate,
    duration: overrides.duration === undefined ? 90 : overrides.duration,
    timezone: overrides.timezone === undefined ? 'US/Eastern' : overrides.timezone,
    location: overrides.location ?? null,
    max_participants: overrides.maxParticipants ?? null,
    current_participants: overrides.currentParticipants ?? 0,
    tags: JSON.stringify(overrides.tags ?? ['Outcome one', 'Outcome two']),
    is_active: overrides.isActive ?? true,
    instructor_id: overrides.instructorId ?? null,
    instructor_name: overrides.instructorName === undefined ? null : overrides.instructorName,
    instructor_title: null,
    instructor_image: null,
    instructor_bio: null,
    created_at: now,
    updated_at: now,
  };
  await knex.transaction(async (trx) => {
    await trx('courses').insert(row);
    await recordCatalogueChanges(trx, [{ entity: 'course', entityId: row.id, action: 'upsert' }]);
  });
  return row;
}

export async function createPricingTier(
  knex: Knex,
  courseId: string,
  overrides: { name?: string; priceCents?: number; isDefault?: boolean; tierLevel?: number; sortOrder?: number; features?: string[] } = {},
) {
  const n = next();
  const now = new Date().toISOString();
  const row = {
    id: crypto.randomUUID(),
    course_id: courseId,
    name: overrides.name ?? `Tier ${n}`,
    price_cents: overrides.priceCents ?? 29900,
    description: 'Tier description',
    features: JSON.stringify(overrides.features ?? ['Live access', 'Certificate']),
    is_default: overrides.isDefault ?? false,
    tier_level: overrides.tierLevel ?? 1,
    sort_order: overrides.sortOrder ?? 1,
    created_at: now,
    updated_at: now,
  };
  await knex.transaction(async (trx) => {
    await trx('pricing_tiers').insert(row);
    await recordCatalogueChanges(trx, [{ entity: 'pricing_tier', entityId: row.id, action: 'upsert' }]);
  });
  return row;
}

/** Updates rows and records the change, as an application write would. */
export async function updateCourse(knex: Knex, id: string, patch: Record<string, unknown>) {
  await knex.transaction(async (trx) => {
    await trx('courses').where({ id }).update({ ...patch, updated_at: new Date().toISOString() });
    await recordCatalogueChanges(trx, [{ entity: 'course', entityId: id, action: 'upsert' }]);
  });
}

export async function deletePricingTier(knex: Knex, id: string) {
  await knex.transaction(async (trx) => {
    await trx('pricing_tiers').where({ id }).delete();
    await recordCatalogueChanges(trx, [{ entity: 'pricing_tier', entityId: id, action: 'delete' }]);
  });
}
