import { BaseModel } from './base-model';

/** A person's own join address for one course's live session (issue 30): only the token's hash is kept. */
export class JoinLink extends BaseModel {
  static override tableName = 'join_links';

  id!: string;
  courseId!: string;
  userId!: string;
  tokenHash!: string;
  /** +1 for a new token (the old one stops working). */
  version!: number;
  /** When the person's calendar invite was given this link; null: its update is still to be mailed. */
  announcedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
}

/** One click on a join link that was let through to the meeting. */
export class JoinClick extends BaseModel {
  static override tableName = 'join_clicks';

  id!: string;
  joinLinkId!: string;
  courseId!: string;
  userId!: string;
  clickedAt!: string;
  userAgent!: string | null;
}
