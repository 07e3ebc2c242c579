import type { RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Course } from './course';

/** One per user and course (unique). */
export class Enrollment extends BaseModel {
  static override tableName = 'enrollments';

  static override get relationMappings(): RelationMappings {
    return {
      course: { relation: BaseModel.BelongsToOneRelation, modelClass: Course, join: { from: 'enrollments.course_id', to: 'courses.id' } },
    };
  }

  id!: string;
  userId!: string;
  courseId!: string;
  orderId!: string | null;
  enrolledAt!: string;

  course?: Course;
}
