/** PUT /api/admin/contributors/:id: name, e-mail, role and permissions (an admin cannot change their own role; one active admin must remain). */
import type { AdminUser, ContributorWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { usePeopleWrite } from './people-write';

export const updateContributor = ({ id, body }: { id: string; body: ContributorWriteInput }) => sendWrite<AdminUser>('PUT', `/api/admin/contributors/${encodeURIComponent(id)}`, body);

export const useUpdateContributor = () => usePeopleWrite(updateContributor);
