/** The back office's people: customers and contributors. */
import type { ServiceDependencies } from '../dependencies';
import { PeopleService } from './people';

export interface PeopleServices {
  people: PeopleService;
}

export function createPeopleServices({ knex, mailer, clock, logger, publicUrl }: ServiceDependencies): PeopleServices {
  return { people: new PeopleService({ knex, mailer, clock, logger, adminLoginUrl: `${publicUrl}/admin/login` }) };
}
