/**
 * The offline copy's sync, off the main thread: the catalogue's JSON is parsed, validated and
 * written to IndexedDB here, so a catalogue of any size never blocks the page (the page follows
 * the writes through Dexie's live queries). Messages: `sync` in (now, or back online); `summary`
 * out once the summary copy is stored, `done` when the details are too.
 */
import { requestCatalogueSync } from './catalogue-sync';

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent) => void) | null; postMessage: (message: unknown) => void };

scope.onmessage = (event: MessageEvent) => {
  if ((event.data as { type?: string } | null)?.type !== 'sync') return;
  void requestCatalogueSync(() => scope.postMessage({ type: 'summary' })).then(() => scope.postMessage({ type: 'done' }));
};
