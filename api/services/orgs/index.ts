/** The organisations domain's services (issue 33): organisations, invitations, seat pools, training records, their mails. */
import type { ServiceDependencies } from '../dependencies';
import { OrgDashboard } from './dashboard';
import { InvitationService } from './invitations';
import { OrgMail } from './org-mail';
import { OrgService } from './org-service';
import { SeatService } from './seats';
import { SignatureService } from './signatures';

export interface OrgServices {
  orgs: OrgService;
  orgInvitations: InvitationService;
  orgSeats: SeatService;
  orgMail: OrgMail;
  orgDashboard: OrgDashboard;
  signatures: SignatureService;
}

export function createOrgServices({ knex, clock, mailer, publicUrl }: ServiceDependencies): OrgServices {
  return {
    orgs: new OrgService({ knex, clock }),
    orgInvitations: new InvitationService({ knex, clock }),
    orgSeats: new SeatService({ knex, clock }),
    orgMail: new OrgMail({ knex, mailer, publicUrl }),
    orgDashboard: new OrgDashboard({ knex, clock }),
    signatures: new SignatureService({ knex, clock, mailer }),
  };
}
