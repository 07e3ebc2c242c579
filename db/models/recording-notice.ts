import { BaseModel } from './base-model';

export type RecordingNoticeStatus = 'due' | 'sending' | 'sent';

/** "The recording is available": one per buyer and course (unique), claimed with a conditional UPDATE so it is mailed once. */
export class RecordingNotice extends BaseModel {
  static override tableName = 'recording_notices';

  id!: string;
  courseId!: string;
  email!: string;
  name!: string | null;
  status!: RecordingNoticeStatus;
  createdAt!: string;
  sentAt!: string | null;
}
