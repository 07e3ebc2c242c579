import { BaseModel } from './base-model';

/** A titled group of a course's lessons, in `position` order. */
export class CourseModule extends BaseModel {
  static override tableName = 'course_modules';

  id!: string;
  courseId!: string;
  title!: string;
  position!: number;
  createdAt!: string;
  updatedAt!: string;
}
