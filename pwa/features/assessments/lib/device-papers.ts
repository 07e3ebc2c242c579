/**
 * The exam papers kept on this device (issue 34: `offline/learning/papers.ts`), loaded only when an
 * exam screen or the content page offline needs them: their store (Dexie) is no part of a page's
 * first load.
 */
export const devicePapers = () => import('@pwa/offline/learning/papers');
