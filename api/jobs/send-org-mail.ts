/**
 * The `send-org-mail` queued job: an organisation's invitation or a seat's notice, queued in the
 * transaction that invited or assigned (`services/orgs/org-mail.ts`). A failed send throws, so the
 * runner tries again after its backoff; the key makes it one mail per invitation round or assignment.
 */
import { ORG_MAIL_MAX_ATTEMPTS, SEND_ORG_MAIL, type OrgMail, type OrgMailPayload } from '../services/orgs/org-mail';
import { handleQueued, type QueuedJobHandler } from './definitions';

export function orgMailJob(mail: OrgMail): QueuedJobHandler<OrgMailPayload> {
  return handleQueued(SEND_ORG_MAIL, {
    maxAttempts: ORG_MAIL_MAX_ATTEMPTS,
    handle: async (payload) => void (await mail.send(payload)),
  });
}
