/** The PWA's offline copy of the catalogue (IndexedDB through Dexie). One shared instance. */
import Dexie, { type DBCore, type DBCoreMutateRequest, type EntityTable } from 'dexie';
import type { Course, Instructor, PricingTier } from '../../api/contracts/catalogue';
import { indexWords } from '../../api/contracts/search';

/** A saved course: without `description` and `instructorBio` while only its summary is stored. */
export type SavedCourse = Omit<Course, 'description' | 'instructorBio'> &
  Partial<Pick<Course, 'description' | 'instructorBio'>> & {
    /** The words of its title, code and description (`indexWords`), kept by the database itself on every write. */
    words?: string[];
  };

export interface MetaEntry {
  key: string;
  value: string;
}

const courseWords = (course: SavedCourse) => indexWords([course.title, course.code, course.description]);

/**
 * Every course written, by whatever path (the sync, the details pass, a listing's write-through),
 * carries its search words: the `*words` index is never out of step with the texts it indexes.
 */
function withSearchWords(down: DBCore): DBCore {
  return {
    ...down,
    table(name) {
      const table = down.table(name);
      if (name !== 'courses') return table;
      return {
        ...table,
        mutate(request: DBCoreMutateRequest) {
          if (request.type !== 'put' && request.type !== 'add') return table.mutate(request);
          const values = request.values.map((course: SavedCourse) => ({ ...course, words: courseWords(course) }));
          return table.mutate({ ...request, values });
        },
      };
    },
  };
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
    // Search on the device reads through a word index instead of every saved course.
    this.version(2)
      .stores({ courses: 'id, type, category, startDate, *words' })
      .upgrade((tx) =>
        tx
          .table<SavedCourse>('courses')
          .toCollection()
          .modify((course) => {
            course.words = courseWords(course);
          }),
      );
    this.use({ stack: 'dbcore', name: 'course-search-words', create: withSearchWords });
  }
}

export const catalogueDb = new CatalogueDatabase();

/** Dexie's live queries, for screens that follow the saved copy as the sync fills it (open-catalogue-db.ts). */
export { liveQuery } from 'dexie';
