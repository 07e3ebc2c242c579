import { BaseModel } from './base-model';

/** What one person watched of one lesson: merged, sorted ranges in seconds, and where to resume. */
export class LessonProgress extends BaseModel {
  static override tableName = 'lesson_progress';
  static override get idColumn(): string[] {
    return ['user_id', 'lesson_id'];
  }
  static override get jsonAttributes(): string[] {
    return ['ranges'];
  }

  userId!: string;
  lessonId!: string;
  courseId!: string;
  ranges!: Array<[number, number]>;
  watchedSeconds!: number;
  position!: number;
  updatedAt!: string;
  /** By when everything accepted could have been watched at the player's fastest speed (`progress-pace.ts`); null before the first report's. */
  pacedAt!: string | null;
}
