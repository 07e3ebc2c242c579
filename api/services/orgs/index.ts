/** The organisations domain's services (issue 33): organisations, invitations, seat pools, training records, reminders, their mails. */
import type { ServiceDependencies } from '../dependencies';
import type { PushServices } from '../push';
import { OrgDashboard } from './dashboard';
import { InvitationService } from './invitations';
import { OrgAdmin } from './org-admin';
import { OrgMail } from './org-mail';
import { OrgService } from './org-service';
import { OrgReminders } from './reminders';
import { SeatService } from './seats';
import { SignatureService } from './signatures';

export interface OrgServices {
  orgs: OrgService;
  orgInvitations: InvitationService;
  orgSeats: SeatService;
  orgMail: OrgMail;
  orgDashboard: OrgDashboard;
  orgReminders: OrgReminders;
  orgAdmin: OrgAdmin;
  signatures: SignatureService;
}

export function createOrgServices({ knex, clock, mailer, publicUrl }: ServiceDependencies, { pushSender }: Pick<PushServices, 'pushSender'>): OrgServices {
  const orgSeats = new SeatService({ knex, clock });
  return {
    orgs: new OrgService({ knex, clock }),
    orgInvitations: new InvitationService({ knex, clock }),
    orgSeats,
    orgAdmin: new OrgAdmin({ knex, clock, seats: orgSeats }),
    orgMail: new OrgMail({ knex, mailer, publicUrl, push: pushSender }),
    orgReminders: new OrgReminders({ knex, clock }),
    orgDashboard: new OrgDashboard({ knex, clock }),
    signatures: new SignatureService({ knex, clock, mailer }),
  };
}
