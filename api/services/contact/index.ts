/** The contact form and the back office's messages. */
import type { ServiceDependencies } from '../dependencies';
import type { PlatformServices } from '../platform';
import { ContactService } from './contact-service';
import { MessageService } from './messages';

export interface ContactServices {
  contact: ContactService;
  messages: MessageService;
}

export function createContactServices(d: ServiceDependencies, { rateLimiter }: Pick<PlatformServices, 'rateLimiter'>): ContactServices {
  const { knex, mailer, clock, logger } = d;
  return {
    contact: new ContactService({ knex, mailer, rateLimiter, clock, logger, supportEmail: d.supportEmail, perIpPerHour: d.limits.contactPerIp }),
    messages: new MessageService({ knex, clock }),
  };
}
