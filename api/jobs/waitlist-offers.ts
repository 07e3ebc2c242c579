/**
 * Waitlists (issue 35): `waitlist-offers` lapses offers that ran out and offers freed seats to the
 * next waiting people, once a minute across processes (`services/waitlists/waitlist-offers.ts`);
 * `send-waitlist-offer` sends each offer's e-mail and push, once per offer (its key).
 */
import { SEND_WAITLIST_OFFER, WAITLIST_OFFER_MAX_ATTEMPTS, type WaitlistOfferPayload, type WaitlistOffers } from '../services/waitlists/waitlist-offers';
import { handleQueued, type PeriodicJob, type QueuedJobHandler } from './definitions';

/** The default period (`WAITLIST_SWEEP_SECONDS`). */
export const WAITLIST_SWEEP_SECONDS = 60;

export function waitlistOffersJob(offers: WaitlistOffers, everySeconds = WAITLIST_SWEEP_SECONDS): PeriodicJob {
  return {
    name: 'waitlist-offers',
    everySeconds,
    async run({ logger }) {
      const { lapsed, offered } = await offers.sweep();
      if (lapsed || offered) logger.info('Waitlists: offers', { lapsed, offered });
    },
  };
}

export function waitlistOfferMailJob(offers: WaitlistOffers): QueuedJobHandler<WaitlistOfferPayload> {
  return handleQueued(SEND_WAITLIST_OFFER, { maxAttempts: WAITLIST_OFFER_MAX_ATTEMPTS, handle: async (payload) => void (await offers.notify(payload)) });
}
