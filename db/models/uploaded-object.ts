import { BaseModel } from './base-model';

export type UploadStatus = 'pending' | 'receiving' | 'processing' | 'ready' | 'rejected' | 'deleted';

/** An image upload: its single-use ticket, then the checked, re-encoded object (`path`). */
export class UploadedObject extends BaseModel {
  static override tableName = 'uploaded_objects';

  id!: string;
  userId!: string | null;
  status!: UploadStatus;
  /** `/objects/uploads/{id}.webp`, what courses and instructors store. */
  path!: string;
  maxBytes!: number;
  sourceType!: string | null;
  sourceBytes!: number | null;
  width!: number | null;
  height!: number | null;
  expiresAt!: string;
  createdAt!: string;
  updatedAt!: string;
}
