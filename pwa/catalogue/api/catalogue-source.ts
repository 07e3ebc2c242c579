/**
 * How every catalogue read is answered, network first: the answer is written through to IndexedDB;
 * when the network or the API is unavailable the same question is answered from IndexedDB and the
 * screens show the "offline, showing saved catalogue" notice. A real "no" from the API (404, 400)
 * is passed on. The reads themselves (courses.ts, course.ts, pricing-tiers.ts, instructors.ts)
 * each say how to ask, how to save and how to answer from the saved copy.
 */
import { isUnavailable } from '@pwa/lib/api-client';
import { setShowingSavedCatalogue } from '@pwa/offline/catalogue/offline-status';

export class OfflineMissError extends Error {
  constructor(what: string) {
    super(`You are offline and ${what} has not been saved on this device yet.`);
    this.name = 'OfflineMissError';
  }
}

export async function networkFirst<T>(
  online: () => Promise<T>,
  save: (value: T) => Promise<unknown>,
  offline: () => Promise<T | undefined>,
  what: string,
): Promise<T> {
  try {
    const value = await online();
    setShowingSavedCatalogue(false);
    save(value).catch(() => undefined);
    return value;
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const saved = await offline().catch(() => undefined);
    if (saved === undefined) throw new OfflineMissError(what);
    setShowingSavedCatalogue(true);
    return saved;
  }
}
