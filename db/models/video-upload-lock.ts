import { BaseModel } from './base-model';

/**
 * The lock of one resumable video upload, shared by every process on the database: held by the
 * request whose `leaseToken` it carries until `leaseUntil` (renewed while it works); a waiting
 * request sets `releaseRequestedAt` to ask the holder to finish early.
 */
export class VideoUploadLock extends BaseModel {
  static override tableName = 'video_upload_locks';
  static override get idColumn() {
    return 'upload_id';
  }

  uploadId!: string;
  leaseToken!: string;
  leaseUntil!: string;
  releaseRequestedAt!: string | null;
  createdAt!: string;
}
