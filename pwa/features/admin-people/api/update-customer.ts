/** PUT /api/admin/customers/:id: the same fields as creating. */
import type { AdminUser, CustomerWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { personEntity, usePeopleWrite } from './people-write';

export const updateCustomer = ({ id, body }: { id: string; body: CustomerWriteInput }) =>
  sendWrite<AdminUser>({
    method: 'PUT',
    url: `/api/admin/customers/${encodeURIComponent(id)}`,
    body,
    entity: personEntity('customer', id),
    label: 'Update customer',
  });

export const useUpdateCustomer = () => usePeopleWrite(updateCustomer);
