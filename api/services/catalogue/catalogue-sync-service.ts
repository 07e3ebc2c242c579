/**
 * Catalogue sync for the PWA's offline copy. Without a cursor: a full snapshot. With one: only
 * what changed after it, read from the change log, plus the ids removed or deactivated.
 * The cursor is read before the data, so a change racing the read is sent again next time
 * rather than missed.
 */
import type { Knex } from 'knex';
import { CatalogueChange, Course, Instructor, PricingTier, type CatalogueEntity } from '@db/models';
import { currentCatalogueSeq } from '@db/change-log';
import type { CatalogueSync } from '@contracts/catalogue';
import type { CachedAnswer, CatalogueCache } from './catalogue-cache';
import { summarizeCourse, toCourseDto, toInstructorDto, toPricingTierDto } from './catalogue-serializers';
import { selectCourseView } from './catalogue-service';

export type SyncView = 'full' | 'summary';

/**
 * The cached answer of `GET /api/sync/catalogue` for a cursor and a view, at the catalogue's
 * current version: the route sends it, and the warming job (jobs/warm-catalogue-snapshot.ts)
 * builds the first visit's snapshot ahead of it.
 */
export function cachedSync(cache: CatalogueCache, sync: CatalogueSyncService, since: number | undefined, view: SyncView): Promise<CachedAnswer> {
  return cache.answer(syncCacheKey(since, view), async () => ({ body: await sync.sync(since, view) }));
}

/** The cache key of that answer. */
export function syncCacheKey(since: number | undefined, view: SyncView): string {
  return JSON.stringify(['sync', since ?? null, view]);
}

export class CatalogueSyncService {
  constructor(private readonly knex: Knex) {}

  async sync(since: number | undefined, view: SyncView = 'full'): Promise<CatalogueSync> {
    const cursor = await currentCatalogueSeq(this.knex);
    // A cursor from the future belongs to another database (reset or restored): start over.
    const payload =
      since === undefined || since > cursor ? await this.snapshot(cursor, view) : since === cursor ? emptyDelta(cursor) : await this.delta(since, cursor);
    if (view === 'summary') payload.courses = payload.courses.map(summarizeCourse);
    return payload;
  }

  private async snapshot(cursor: number, view: SyncView): Promise<CatalogueSync> {
    const { knex } = this;
    const [courses, instructors] = await Promise.all([selectCourseView(Course.query(knex).modify('active'), view), Instructor.query(knex)]);
    const tiers = courses.length ? await PricingTier.query(knex).whereIn('course_id', Course.query(knex).modify('active').select('courses.id')) : [];
    return {
      full: true,
      cursor: String(cursor),
      courses: courses.map(toCourseDto),
      pricingTiers: tiers.map(toPricingTierDto),
      instructors: instructors.map(toInstructorDto),
      removed: { courses: [], pricingTiers: [], instructors: [] },
    };
  }

  private async delta(since: number, cursor: number): Promise<CatalogueSync> {
    const { knex } = this;
    const changes = await CatalogueChange.query(knex).distinct('entity', 'entity_id').where('seq', '>', since);
    const ids = (entity: CatalogueEntity) => [...new Set(changes.filter((c) => c.entity === entity).map((c) => c.entityId))];
    const courseIds = ids('course');
    const tierIds = ids('pricing_tier');
    const instructorIds = ids('instructor');

    const [courses, changedTiers, instructors] = await Promise.all([
      courseIds.length ? Course.query(knex).whereIn('id', courseIds).withGraphFetched('instructor') : [],
      tierIds.length ? PricingTier.query(knex).whereIn('id', tierIds) : [],
      instructorIds.length ? Instructor.query(knex).whereIn('id', instructorIds) : [],
    ]);

    const activeCourses = courses.filter((c) => c.isActive);
    const activeCourseIds = new Set(activeCourses.map((c) => c.id));
    // A course that came back (or is new) brings all its tiers; tiers of courses the client
    // does not hold are dropped along with their course.
    const tiersOfChangedCourses = activeCourseIds.size ? await PricingTier.query(knex).whereIn('course_id', [...activeCourseIds]) : [];
    const parentIds = [...new Set(changedTiers.map((t) => t.courseId))].filter((id) => !activeCourseIds.has(id));
    const activeParents = parentIds.length
      ? new Set((await Course.query(knex).whereIn('id', parentIds).modify('active').select('id')).map((c) => c.id))
      : new Set<string>();

    const tiersById = new Map<string, PricingTier>();
    for (const tier of tiersOfChangedCourses) tiersById.set(tier.id, tier);
    for (const tier of changedTiers) if (activeCourseIds.has(tier.courseId) || activeParents.has(tier.courseId)) tiersById.set(tier.id, tier);

    const foundCourseIds = new Set(courses.map((c) => c.id));
    const foundTierIds = new Set(changedTiers.map((t) => t.id));
    const foundInstructorIds = new Set(instructors.map((i) => i.id));
    return {
      full: false,
      cursor: String(cursor),
      courses: activeCourses.map(toCourseDto),
      pricingTiers: [...tiersById.values()].map(toPricingTierDto),
      instructors: instructors.map(toInstructorDto),
      removed: {
        courses: courseIds.filter((id) => !foundCourseIds.has(id) || !activeCourseIds.has(id)),
        pricingTiers: tierIds.filter((id) => !foundTierIds.has(id) || !tiersById.has(id)),
        instructors: instructorIds.filter((id) => !foundInstructorIds.has(id)),
      },
    };
  }
}

function emptyDelta(cursor: number): CatalogueSync {
  return {
    full: false,
    cursor: String(cursor),
    courses: [],
    pricingTiers: [],
    instructors: [],
    removed: { courses: [], pricingTiers: [], instructors: [] },
  };
}
