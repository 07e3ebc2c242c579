/** POST /api/admin/contributors: a contributor or admin account, sent a welcome e-mail (`welcomeEmailSent` says whether it left). */
import type { ContributorCreated, ContributorWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { usePeopleWrite } from './people-write';

export const createContributor = (body: ContributorWriteInput) => sendWrite<ContributorCreated>('POST', '/api/admin/contributors', body);

export const useCreateContributor = () => usePeopleWrite(createContributor);
