/**
 * Each write to people names what it changes in the outbox: the entity its order is kept per (one
 * person's writes go one after the other; creates of one kind too) and the label the sync status
 * and the conflict view show.
 */
import { describe, expect, it } from 'vitest';
import { writesMadeOffline } from '@pwa/offline/back-office/offline-writes.test-support';
import { createContributor } from './create-contributor';
import { createCustomer } from './create-customer';
import { deleteContributor } from './delete-contributor';
import { deleteCustomer } from './delete-customer';
import { updateContributor } from './update-contributor';
import { updateCustomer } from './update-customer';

const { kept } = writesMadeOffline();

describe('writes to people in the outbox', () => {
  for (const [kind, create, update, remove] of [
    ['customer', createCustomer, updateCustomer, deleteCustomer],
    ['contributor', createContributor, updateContributor, deleteContributor],
  ] as const) {
    it(`${kind}s: labelled, one entity per ${kind}, creates one after the other`, async () => {
      const first = await kept(() => create({ name: 'Ada' } as never));
      expect(first).toMatchObject({ method: 'POST', url: `/api/admin/${kind}s`, label: `Create ${kind}` });
      expect((await kept(() => create({ name: 'Grace' } as never))).entity).toBe(first.entity);
      const edit = await kept(() => update({ id: 'u1', body: { name: 'Ada L.' } as never }));
      expect(edit).toMatchObject({ method: 'PUT', url: `/api/admin/${kind}s/u1`, label: `Update ${kind}` });
      const removal = await kept(() => remove('u1'));
      expect(removal).toMatchObject({ method: 'DELETE', url: `/api/admin/${kind}s/u1`, label: `Delete ${kind}` });
      expect(removal.entity).toBe(edit.entity);
      expect((await kept(() => remove('u2'))).entity).not.toBe(edit.entity);
      expect(edit.entity).not.toBe(first.entity);
    });
  }

  it('customers and contributors are different entities', async () => {
    expect((await kept(() => updateCustomer({ id: 'u1', body: {} as never }))).entity).not.toBe(
      (await kept(() => updateContributor({ id: 'u1', body: {} as never }))).entity,
    );
  });
});
