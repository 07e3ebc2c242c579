/** The domains' one list: every domain's services are built, routes registered and jobs declared from it. */
import { describe, expect, it } from 'vitest';
import { buildServices, DOMAINS, periodicJobs, UNPARSED_BODIES } from '@api/domains';
import { defineDomain } from '@api/domains/domain';
import type { ServiceDependencies } from '@api/services/dependencies';
import { createTestDatabase } from './support/test-database';
import { startTestServer } from './support/test-server';

const dependencies = {} as ServiceDependencies;

describe('domains', () => {
  it('build each domain after the domains it needs, whatever the order of the list, and give it only those', () => {
    const seen: Record<string, unknown>[] = [];
    const orders = defineDomain({
      name: 'orders',
      needs: ['ledger'],
      services: (_d, needed: { ledger: string }) => {
        seen.push(needed);
        return { checkout: `checkout on ${needed.ledger}` };
      },
    });
    const ledger = defineDomain({ name: 'ledger', services: () => ({ ledger: 'the ledger', secret: 'kept' }) });
    expect(buildServices([orders, ledger], dependencies)).toEqual({ checkout: 'checkout on the ledger', ledger: 'the ledger', secret: 'kept' });
    expect(seen).toEqual([{ ledger: 'the ledger' }]);
  });

  it('refuse a domain whose needs no domain builds, naming it', () => {
    const lonely = defineDomain({ name: 'lonely', needs: ['nobody'], services: () => ({}) });
    expect(() => buildServices([lonely], dependencies)).toThrow('Domains whose needs no domain builds: lonely (nobody)');
  });

  it('list every domain once, and build every service the app serves with', async () => {
    const names = DOMAINS.map((domain) => domain.name);
    expect(new Set(names).size).toBe(names.length);
    const db = await createTestDatabase();
    const api = await startTestServer(db.knex);
    try {
      for (const name of [
        'catalogue',
        'courseAdmin',
        'checkout',
        'orderReport',
        'people',
        'messages',
        'activity',
        'uploads',
        'auth',
        'invoices',
        'calendar',
        'reminders',
        'contact',
      ]) {
        expect(api.app.services).toHaveProperty(name);
      }
      // The start-up jobs in the order the list gives: the sweep's recording notices go out with the course mail after it.
      const atStart = periodicJobs({ knex: db.knex, services: api.app.services, config: { seminarSweepMinutes: 5, reminderSweepSeconds: 60 } }).filter(
        (job) => job.atStart,
      );
      expect(atStart.map((job) => job.name)).toEqual(['seminar-sweep', 'checkout-recovery', 'course-mail']);
    } finally {
      await api.close();
      await db.destroy();
    }
  });

  it('keep the Stripe webhook raw and the uploads (images, lesson PDFs) streaming, unparsed', () => {
    const unparsed = (method: string, path: string) =>
      UNPARSED_BODIES.find((b) => b.method === method && (typeof b.path === 'string' ? b.path === path : b.path.test(path)))?.keep;
    expect(unparsed('POST', '/api/stripe/webhook')).toBe('raw');
    expect(unparsed('PUT', '/api/objects/uploads/0b7f7a36-5d1e-4a43-9a43-5c2d7f1e0a11')).toBe('stream');
    expect(unparsed('PUT', '/api/lessons/0b7f7a36-5d1e-4a43-9a43-5c2d7f1e0a11/document')).toBe('stream');
    expect(unparsed('PUT', '/api/lessons/0b7f7a36-5d1e-4a43-9a43-5c2d7f1e0a11')).toBeUndefined();
    expect(unparsed('POST', '/api/contact')).toBeUndefined();
  });
});
