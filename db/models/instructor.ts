import { BaseModel } from './base-model';

export class Instructor extends BaseModel {
  static override tableName = 'instructors';
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
