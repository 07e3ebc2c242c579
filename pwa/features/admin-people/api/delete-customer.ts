/** DELETE /api/admin/customers/:id (204): the account goes; its orders stay, with the name and e-mail as bought. */
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { personEntity, usePeopleWrite } from './people-write';

export const deleteCustomer = (id: string) =>
  sendWrite<void>({ method: 'DELETE', url: `/api/admin/customers/${encodeURIComponent(id)}`, entity: personEntity('customer', id), label: 'Delete customer' });

export const useDeleteCustomer = () => usePeopleWrite(deleteCustomer);
