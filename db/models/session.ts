import type { RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { User } from './user';

/** A signed-in session; only the hash of its token is stored. */
export class Session extends BaseModel {
  static override tableName = 'sessions';

  static override get relationMappings(): RelationMappings {
    return {
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'sessions.user_id', to: 'users.id' } },
    };
  }

  id!: string;
  userId!: string;
  tokenHash!: string;
  expiresAt!: string;
  createdAt!: string;

  user?: User;
}
