/** POST /api/admin/contributors: a contributor or admin account, sent a welcome e-mail (`welcomeEmailSent` says whether it left). */
import type { ContributorCreated, ContributorWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { personEntity, usePeopleWrite } from './people-write';

export const createContributor = (body: ContributorWriteInput) =>
  sendWrite<ContributorCreated>({ method: 'POST', url: '/api/admin/contributors', body, entity: personEntity('contributor'), label: 'Create contributor' });

export const useCreateContributor = () => usePeopleWrite(createContributor);
