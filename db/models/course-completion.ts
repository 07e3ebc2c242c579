import { BaseModel } from './base-model';

/** The completion rule staff set for a course (`contracts/completion.ts`); none: the type's default. */
export class CourseCompletionRule extends BaseModel {
  static override tableName = 'course_completion_rules';
  static override get idColumn(): string {
    return 'course_id';
  }
  static override get jsonAttributes(): string[] {
    return ['rule'];
  }

  courseId!: string;
  rule!: Record<string, unknown>;
  updatedAt!: string;
}

/** A person's completion of a course: the rule's last verdict; `completedAt` once set is never cleared. */
export class CourseCompletion extends BaseModel {
  static override tableName = 'course_completions';
  static override get idColumn(): string[] {
    return ['user_id', 'course_id'];
  }
  static override get jsonAttributes(): string[] {
    return ['left'];
  }

  userId!: string;
  courseId!: string;
  completedAt!: string | null;
  /** What was still missing at the last check (`CompletionGap[]`). */
  left!: Array<Record<string, unknown>>;
  checkedAt!: string;
}
