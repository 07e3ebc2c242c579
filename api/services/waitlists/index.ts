/**
 * Waitlists (issue 35): places (`waitlist-places.ts`), the seat an offer holds and its way through
 * checkout (`waitlist-seats.ts`, called by the order steps), the offers sweep and its notification
 * (`waitlist-offers.ts`), and staff's view (`waitlist-admin.ts`).
 */
import type { ServiceDependencies } from '../dependencies';
import type { PushServices } from '../push';
import { WaitlistAdmin } from './waitlist-admin';
import { WaitlistOffers } from './waitlist-offers';
import { WaitlistPlaces } from './waitlist-places';

export interface WaitlistServices {
  waitlists: WaitlistPlaces;
  waitlistOffers: WaitlistOffers;
  waitlistAdmin: WaitlistAdmin;
}

export function createWaitlistServices(d: ServiceDependencies, { pushSender }: Pick<PushServices, 'pushSender'>): WaitlistServices {
  const { knex, clock, mailer, publicUrl } = d;
  return {
    waitlists: new WaitlistPlaces({ knex, clock }),
    waitlistOffers: new WaitlistOffers({ knex, clock, mailer, publicUrl, push: pushSender }),
    waitlistAdmin: new WaitlistAdmin({ knex, clock }),
  };
}
