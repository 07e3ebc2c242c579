/** Bookings (issue 35): a customer cancels or transfers their own seat by the policy of its course type; admins set the policies. */
import { bookingRoutes } from '../routes/booking-routes';
import { createBookingServices, type BookingServices } from '../services/bookings';
import type { OrderServices } from '../services/orders';
import { defineDomain } from './domain';

export const bookingsDomain = defineDomain<BookingServices, Pick<OrderServices, 'refunds'>, BookingServices>({
  name: 'bookings',
  needs: ['refunds'],
  services: createBookingServices,
  routes: (api, services) => bookingRoutes(api, services),
});
