import { BaseModel } from './base-model';

export type LessonKind = 'video' | 'document' | 'text';

/** One unit of a course's content: a video, a PDF or a text page. */
export class Lesson extends BaseModel {
  static override tableName = 'lessons';
  static override get jsonAttributes(): string[] {
    return ['materialTierIds'];
  }

  id!: string;
  courseId!: string;
  moduleId!: string | null;
  title!: string;
  kind!: LessonKind;
  /** Text pages: sanitised HTML. */
  body!: string | null;
  position!: number;
  durationSeconds!: number | null;
  videoAssetId!: string | null;
  /** The PDF's object name. */
  documentName!: string | null;
  documentBytes!: number | null;
  /** Tiers whose buyers get this lesson's material (handouts, transcript); null = every tier. */
  materialTierIds!: string[] | null;
  version!: number;
  createdAt!: string;
  updatedAt!: string;
}
