/** The check-in domain's services (issue 30, point 5): seminar tickets and check-ins at the venue. */
import { deriveKey } from '../../lib/crypto';
import type { ServiceDependencies } from '../dependencies';
import { CheckInService } from './check-ins';
import { TicketService } from './tickets';

export interface CheckInServices {
  tickets: TicketService;
  checkIns: CheckInService;
}

export function createCheckInServices({ knex, clock, authSecret }: ServiceDependencies): CheckInServices {
  const tickets = new TicketService({ knex, clock, key: deriveKey(authSecret, 'seminar-tickets') });
  return { tickets, checkIns: new CheckInService({ knex, clock, tickets }) };
}
