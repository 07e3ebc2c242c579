/**
 * Test data builders. Each writes through the same change log as the application, so sync sees
 * factory data exactly as it sees real writes.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { recordCatalogueChanges } from '@db/change-log';

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
    await trx('courses')
      .where({ id })
      .update({ ...patch, updated_at: new Date().toISOString() });
    await recordCatalogueChanges(trx, [{ entity: 'course', entityId: id, action: 'upsert' }]);
  });
}

export async function deletePricingTier(knex: Knex, id: string) {
  await knex.transaction(async (trx) => {
    await trx('pricing_tiers').where({ id }).delete();
    await recordCatalogueChanges(trx, [{ entity: 'pricing_tier', entityId: id, action: 'delete' }]);
  });
}

export async function createUser(
  knex: Knex,
  overrides: { id?: string; email?: string; name?: string; role?: string; isActive?: boolean; membershipType?: string | null } = {},
) {
  const n = next();
  const now = new Date().toISOString();
  const row = {
    id: overrides.id ?? crypto.randomUUID(),
    name: overrides.name ?? `Test User ${n}`,
    email: overrides.email ?? `user${n}-${crypto.randomBytes(3).toString('hex')}@academy.test`,
    role: overrides.role ?? 'customer',
    membership_type: overrides.membershipType ?? null,
    is_active: overrides.isActive ?? true,
    created_at: now,
    updated_at: now,
  };
  await knex('users').insert(row);
  return row;
}

/** Opens a session directly (as a successful verify would) and returns its bearer token. */
export async function createSession(knex: Knex, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await knex('sessions').insert({
    id: crypto.randomUUID(),
    user_id: userId,
    token_hash: crypto.createHash('sha256').update(token).digest('hex'),
    expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    created_at: now.toISOString(),
  });
  return token;
}

/** A right to a course (as an order, a membership or a grant writes it): a grant from 1 Nov 2026 unless told otherwise. Answers its id. */
export async function grantEntitlement(
  knex: Knex,
  input: {
    userId: string;
    courseId: string;
    id?: string;
    source?: string;
    pricingTierId?: string | null;
    startsAt?: string;
    createdAt?: string;
    endsAt?: string | null;
    revokedAt?: string | null;
    revokedReason?: string | null;
  },
): Promise<string> {
  const id = input.id ?? crypto.randomUUID();
  const startsAt = input.startsAt ?? '2026-11-01T00:00:00.000Z';
  await knex('entitlements').insert({
    id,
    user_id: input.userId,
    course_id: input.courseId,
    source: input.source ?? 'grant',
    source_id: crypto.randomUUID(),
    pricing_tier_id: input.pricingTierId ?? null,
    starts_at: startsAt,
    ends_at: input.endsAt ?? null,
    revoked_at: input.revokedAt ?? null,
    revoked_reason: input.revokedReason ?? null,
    created_at: input.createdAt ?? startsAt,
  });
  return id;
}

export async function createOrder(
  knex: Knex,
  input: {
    userId: string | null;
    email?: string | null;
    name?: string | null;
    status?: string;
    createdAt?: string;
    paymentIntentId?: string | null;
    items: Array<{ courseId: string; title: string; priceCents: number; tierName?: string | null; quantity?: number }>;
  },
) {
  const id = crypto.randomUUID();
  const createdAt = input.createdAt ?? new Date().toISOString();
  await knex('orders').insert({
    id,
    user_id: input.userId,
    customer_email: input.email ?? null,
    customer_name: input.name ?? null,
    status: input.status ?? 'completed',
    total_cents: input.items.reduce((sum, item) => sum + item.priceCents * (item.quantity ?? 1), 0),
    stripe_payment_intent_id: input.paymentIntentId ?? null,
    created_at: createdAt,
    updated_at: createdAt,
  });
  await knex('order_items').insert(
    input.items.map((item, position) => ({
      id: crypto.randomUUID(),
      order_id: id,
      course_id: item.courseId,
      pricing_tier_id: null,
      title: item.title,
      tier_name: item.tierName ?? null,
      price_cents: item.priceCents,
      quantity: item.quantity ?? 1,
      position,
    })),
  );
  return id;
}

/** A ready 720p video of `durationSeconds` attached to `lessonId` (its files are the caller's to put in the media store); its asset id. */
export async function attachReadyVideo(knex: Knex, lessonId: string, durationSeconds: number, at: Date): Promise<string> {
  const assetId = crypto.randomUUID();
  await knex('video_assets').insert({
    id: assetId,
    status: 'ready',
    progress: 100,
    duration_seconds: durationSeconds,
    width: 1280,
    height: 720,
    renditions: JSON.stringify([{ name: '720p', width: 1280, height: 720, bandwidth: 2_000_000 }]),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  });
  await knex('lessons').where({ id: lessonId }).update({ video_asset_id: assetId });
  return assetId;
}
