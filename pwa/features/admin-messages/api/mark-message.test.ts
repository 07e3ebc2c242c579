/** Marking a message names what it changes in the outbox: one entity per message, and the label the sync status shows. */
import { describe, expect, it } from 'vitest';
import { writesMadeOffline } from '@pwa/offline/back-office/offline-writes.test-support';
import { markMessage } from './mark-message';

const { kept } = writesMadeOffline();

describe('writes to messages in the outbox', () => {
  it('messages: one entity per message, labelled "Update message"', async () => {
    const read = await kept(() => markMessage({ id: 'm1', patch: { read: true } as never }));
    expect(read).toMatchObject({ method: 'PATCH', url: '/api/admin/messages/m1', label: 'Update message' });
    expect((await kept(() => markMessage({ id: 'm1', patch: { handled: true } as never }))).entity).toBe(read.entity);
    expect((await kept(() => markMessage({ id: 'm2', patch: { read: true } as never }))).entity).not.toBe(read.entity);
  });
});
