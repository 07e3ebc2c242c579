/** Waitlists (issue 35): places on full live sessions, offers of freed seats (a sweep and their notifications), staff's view. */
import { waitlistOfferMailJob, waitlistOffersJob } from '../jobs/waitlist-offers';
import { waitlistRoutes } from '../routes/waitlist-routes';
import type { PushServices } from '../services/push';
import { createWaitlistServices, type WaitlistServices } from '../services/waitlists';
import { defineDomain } from './domain';

export const waitlistsDomain = defineDomain<WaitlistServices, Pick<PushServices, 'pushSender'>, WaitlistServices>({
  name: 'waitlists',
  needs: ['pushSender'],
  services: createWaitlistServices,
  routes: (api, services) => waitlistRoutes(api, services),
  jobs: ({ services, config }) => [waitlistOffersJob(services.waitlistOffers, config.waitlistSweepSeconds)],
  queuedJobs: ({ services }) => [waitlistOfferMailJob(services.waitlistOffers)],
});
