/** POST /api/admin/customers: a new customer (role customer or contributor, membership, active). */
import type { AdminUser, CustomerWriteInput } from '@contracts/admin-people';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { usePeopleWrite } from './people-write';

export const createCustomer = (body: CustomerWriteInput) => sendWrite<AdminUser>('POST', '/api/admin/customers', body);

export const useCreateCustomer = () => usePeopleWrite(createCustomer);
