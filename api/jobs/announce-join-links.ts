/**
 * Every minute: calendar invites whose person has a new or changed join link get SEQUENCE + 1 and
 * an update to mail (`services/join-links/invite-links.ts`; the course-mail job sends it). Safe in
 * any number of processes: each invite is raised by a conditional UPDATE, once per change.
 */
import type { JoinLinkServices } from '../services/join-links';
import type { PeriodicJob } from './definitions';

export function joinLinkInvitesJob(inviteLinks: JoinLinkServices['inviteLinks']): PeriodicJob {
  return {
    name: 'join-link-invites',
    everySeconds: 60,
    run: async ({ logger }) => {
      const raised = await inviteLinks.announce();
      if (raised) logger.info(`Join links: ${raised} calendar invite(s) to update with the attendee's link`);
    },
  };
}
