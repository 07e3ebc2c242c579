/** Organisations (issue 33): companies, their members and invitations, seat pools bought at checkout, training records. */
import { orgMailJob } from '../jobs/send-org-mail';
import { orgLibrarySyncJob } from '../jobs/sync-org-libraries';
import { INVITATIONS_PATH, orgRoutes } from '../routes/org-routes';
import { createOrgServices, type OrgServices } from '../services/orgs';
import type { PlatformServices } from '../services/platform';
import type { PushServices } from '../services/push';
import { defineDomain } from './domain';

export const orgsDomain = defineDomain<OrgServices, Pick<PushServices, 'pushSender'>, OrgServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'orgs',
  needs: ['pushSender'],
  services: createOrgServices,
  routes: (api, services) => orgRoutes(api, services),
  unparsedBodies: [{ method: 'POST', path: INVITATIONS_PATH, keep: 'stream' }],
  jobs: ({ knex }) => [orgLibrarySyncJob(knex)],
  queuedJobs: ({ services }) => [orgMailJob(services.orgMail)],
});
