/** The join-links domain's services: each attendee's own `/join/<token>` address, its clicks, and the invites that carry it. */
import { deriveKey } from '../../lib/crypto';
import type { ServiceDependencies } from '../dependencies';
import { LearningAccess } from '../learning/access';
import { announceInviteLinks } from './invite-links';
import { JoinLinkService } from './join-link-service';

export { JoinLinkService, type JoinOutcome } from './join-link-service';
export { joinPage } from './join-page';

export interface JoinLinkServices {
  joinLinks: JoinLinkService;
  /** Raises the calendar invites whose person's link is new or changed (SEQUENCE + 1, an update to mail); how many. */
  inviteLinks: { announce(): Promise<number> };
}

export function createJoinLinkServices({ knex, clock, authSecret, publicUrl }: ServiceDependencies): JoinLinkServices {
  const key = deriveKey(authSecret, 'join-links');
  const access = new LearningAccess({ knex, clock });
  return {
    joinLinks: new JoinLinkService({ knex, clock, key, publicUrl, access }),
    inviteLinks: { announce: () => announceInviteLinks({ knex, clock, key, access }) },
  };
}
