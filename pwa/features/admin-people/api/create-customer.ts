/** POST /api/admin/customers: a new customer (role customer or contributor, membership, active). */
import type { AdminUser, CustomerWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { personEntity, usePeopleWrite } from './people-write';

export const createCustomer = (body: CustomerWriteInput) =>
  sendWrite<AdminUser>({ method: 'POST', url: '/api/admin/customers', body, entity: personEntity('customer'), label: 'Create customer' });

export const useCreateCustomer = () => usePeopleWrite(createCustomer);
