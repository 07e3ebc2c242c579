/** Join links: each attendee's own `/join/<token>` address to a live session's meeting, its clicks, and the calendar invites that carry it. */
import { joinLinkInvitesJob } from '../jobs/announce-join-links';
import { joinLinkRoutes } from '../routes/join-link-routes';
import { createJoinLinkServices } from '../services/join-links';
import { defineDomain } from './domain';

export const joinLinksDomain = defineDomain({
  name: 'join-links',
  services: createJoinLinkServices,
  routes: (api, services) => joinLinkRoutes(api, services),
  jobs: ({ services }) => [joinLinkInvitesJob(services.inviteLinks)],
});
