/** PUT /api/admin/contributors/:id: name, e-mail, role and permissions (an admin cannot change their own role; one active admin must remain). */
import type { AdminUser, ContributorWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { personEntity, usePeopleWrite } from './people-write';

export const updateContributor = ({ id, body }: { id: string; body: ContributorWriteInput }) =>
  sendWrite<AdminUser>({
    method: 'PUT',
    url: `/api/admin/contributors/${encodeURIComponent(id)}`,
    body,
    entity: personEntity('contributor', id),
    label: 'Update contributor',
  });

export const useUpdateContributor = () => usePeopleWrite(updateContributor);
