import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

export class Instructor extends BaseModel {
  static override tableName = 'instructors';
  static override get modifiers(): Modifiers<QueryBuilder<Instructor>> {
    return {
      /** What a course card shows of its instructor. */
      card: (query) => query.select('instructors.id', 'instructors.name', 'instructors.title', 'instructors.image'),
    };
  }

  static override get jsonAttributes() {
    return ['expertise'];
  }

  id!: string;
  name!: string;
  title!: string | null;
  /** Sanitized HTML. */
  bio!: string | null;
  image!: string | null;
  expertise!: string[];
  createdAt!: string;
  updatedAt!: string;
}
