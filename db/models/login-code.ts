import { BaseModel } from './base-model';

/** An e-mailed sign-in code, stored only as HMACs (of the code and of the browser's attempt id). */
export class LoginCode extends BaseModel {
  static override tableName = 'login_codes';

  id!: string;
  email!: string;
  attemptHash!: string;
  codeHash!: string;
  purpose!: 'customer' | 'admin';
  failedAttempts!: number;
  expiresAt!: string;
  consumedAt!: string | null;
  createdAt!: string;
}
