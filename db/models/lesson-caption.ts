import { BaseModel } from './base-model';

/** A lesson's WebVTT captions in one language. */
export class LessonCaption extends BaseModel {
  static override tableName = 'lesson_captions';
  static override get idColumn(): string[] {
    return ['lesson_id', 'lang'];
  }

  lessonId!: string;
  lang!: string;
  label!: string;
  vtt!: string;
  createdAt!: string;
}
