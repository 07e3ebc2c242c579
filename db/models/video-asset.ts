import { BaseModel } from './base-model';

export type VideoStatus = 'uploaded' | 'queued' | 'processing' | 'ready' | 'failed';

export interface VideoRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

/** A resumable video upload (its tus id) and what transcoding made of it. */
export class VideoAsset extends BaseModel {
  static override tableName = 'video_assets';
  static override get jsonAttributes(): string[] {
    return ['renditions'];
  }

  id!: string;
  status!: VideoStatus;
  progress!: number;
  durationSeconds!: number | null;
  width!: number | null;
  height!: number | null;
  renditions!: VideoRendition[] | null;
  error!: string | null;
  sizeBytes!: number | null;
  uploadedBy!: string | null;
  createdAt!: string;
  updatedAt!: string;
}
