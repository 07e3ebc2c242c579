/** Cancellation and transfer of booked seats by policy (issue 35, point 3): the policies, and the customer's changes. */
import type { ServiceDependencies } from '../dependencies';
import type { OrderServices } from '../orders';
import { BookingChanges } from './booking-changes';
import { CancellationPolicies } from './policies';

export interface BookingServices {
  bookings: BookingChanges;
  cancellationPolicies: CancellationPolicies;
}

export function createBookingServices(d: ServiceDependencies, { refunds }: Pick<OrderServices, 'refunds'>): BookingServices {
  const { knex, clock, logger, mailer, publicUrl } = d;
  return {
    bookings: new BookingChanges({ knex, clock, logger, mailer, publicUrl, refunds }),
    cancellationPolicies: new CancellationPolicies({ knex, clock }),
  };
}
