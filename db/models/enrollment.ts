import { BaseModel } from './base-model';

export class Enrollment extends BaseModel {
  static override tableName = 'enrollments';

  id!: string;
  userId!: string;
  courseId!: string;
  orderId!: string | null;
  enrolledAt!: string;
}
