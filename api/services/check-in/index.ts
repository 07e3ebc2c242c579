/** The check-in domain's services (issue 30, point 5): seminar tickets and check-ins at the venue. */
import { deriveKey } from '../../lib/crypto';
import type { ServiceDependencies } from '../dependencies';
import { CheckInService } from './check-ins';
import { ticketReceiptNotes } from './ticket-receipt';
import { TicketService } from './tickets';

export interface CheckInServices {
  tickets: TicketService;
  checkIns: CheckInService;
  /** The receipt's ticket lines of an order's seminars. */
  ticketReceiptNotes: (orderId: string) => Promise<string[]>;
}

export function createCheckInServices({ knex, clock, authSecret, publicUrl }: ServiceDependencies): CheckInServices {
  const tickets = new TicketService({ knex, clock, key: deriveKey(authSecret, 'seminar-tickets') });
  return {
    tickets,
    checkIns: new CheckInService({ knex, clock, tickets }),
    ticketReceiptNotes: (orderId) => ticketReceiptNotes({ knex, clock, tickets, publicUrl }, orderId),
  };
}
