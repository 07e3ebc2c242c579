/** The PWA's offline copy of the catalogue (IndexedDB through Dexie). One shared instance. */
import Dexie, { type EntityTable } from 'dexie';
import type { Course, Instructor, PricingTier } from '@contracts/catalogue';

/** A saved course: without `description` and `instructorBio` while only its summary is stored. */
export type SavedCourse = Omit<Course, 'description' | 'instructorBio'> & Partial<Pick<Course, 'description' | 'instructorBio'>>;

export interface MetaEntry {
  key: string;
  value: string;
}

export class CatalogueDatabase extends Dexie {
  courses!: EntityTable<SavedCourse, 'id'>;
  pricingTiers!: EntityTable<PricingTier, 'id'>;
  instructors!: EntityTable<Instructor, 'id'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = 'training-catalogue') {
    super(name);
    this.version(1).stores({
      courses: 'id, type, category, startDate',
      pricingTiers: 'id, courseId',
      instructors: 'id, name',
      meta: 'key',
    });
  }

  /**
   * Calls `listener` after every committed write to the saved courses, made here, in another tab or
   * in the sync worker (Dexie's `storagemutated`, shared through a BroadcastChannel). Returns the
   * function that stops listening.
   */
  onCoursesChanged(listener: () => void): () => void {
    const prefix = `idb://${this.name}/courses/`;
    const onMutated = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((part) => part.startsWith(prefix))) listener();
    };
    Dexie.on('storagemutated', onMutated);
    return () => Dexie.on('storagemutated').unsubscribe(onMutated);
  }
}

export const catalogueDb = new CatalogueDatabase();

/** Dexie's live queries, for screens that follow the saved copy as the sync fills it (open-catalogue-db.ts). */
export { liveQuery } from 'dexie';
