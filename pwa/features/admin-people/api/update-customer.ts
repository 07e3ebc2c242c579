/** PUT /api/admin/customers/:id: the same fields as creating. */
import type { AdminUser, CustomerWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { usePeopleWrite } from './people-write';

export const updateCustomer = ({ id, body }: { id: string; body: CustomerWriteInput }) => sendWrite<AdminUser>('PUT', `/api/admin/customers/${encodeURIComponent(id)}`, body);

export const useUpdateCustomer = () => usePeopleWrite(updateCustomer);
