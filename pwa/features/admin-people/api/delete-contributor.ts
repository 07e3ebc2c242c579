/** DELETE /api/admin/contributors/:id (204); refused (409, with the reason) for oneself or the last active admin. */
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { personEntity, usePeopleWrite } from './people-write';

export const deleteContributor = (id: string) =>
  sendWrite<void>({
    method: 'DELETE',
    url: `/api/admin/contributors/${encodeURIComponent(id)}`,
    entity: personEntity('contributor', id),
    label: 'Delete contributor',
  });

export const useDeleteContributor = () => usePeopleWrite(deleteContributor);
