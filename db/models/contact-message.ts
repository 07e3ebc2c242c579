import { BaseModel } from './base-model';

export class ContactMessage extends BaseModel {
  static override tableName = 'contact_messages';

  id!: string;
  name!: string;
  email!: string;
  phone!: string | null;
  message!: string;
  /** When support was mailed; null if the mail could not be sent. */
  mailedAt!: string | null;
  readAt!: string | null;
  handledAt!: string | null;
  /** E-mail of the admin who marked it handled. */
  handledBy!: string | null;
  createdAt!: string;
}
