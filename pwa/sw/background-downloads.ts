/// <reference lib="webworker" />
/**
 * The end of a course's background fetch (issue 34; `offline/learning/background-fetch.ts`: the
 * page hands the rest of a download to the browser when the app goes out of view): what arrived
 * is stored as the download's chunks — on success, on failure (whatever arrived, whole chunks
 * from where each part began) and on a cancel from the browser's notice (nothing; the download
 * waits for Resume). The notice then says the course is downloaded; a click on it opens /downloads.
 */
import { STORING_MESSAGE, courseOfBackgroundFetch, type FetchRegistration } from '../offline/learning/background-fetch';
import { storeFetched } from '../offline/learning/background-fetch-store';
import { downloadsDb } from '../offline/learning/downloads-db';

declare const self: ServiceWorkerGlobalScope;

interface BackgroundFetchEvent extends ExtendableEvent {
  registration: FetchRegistration;
  updateUI?(options: { title: string }): Promise<void>;
}

async function arrived(registration: FetchRegistration) {
  const records = await registration.matchAll();
  return Promise.all(records.map(async (record) => ({ url: record.request.url, response: await record.responseReady.catch(() => undefined) })));
}

/** The courses whose fetched files this worker is storing now (a page asks before it fetches them itself). */
const storing = new Set<string>();

async function ended(event: BackgroundFetchEvent, outcome: 'success' | 'fail' | 'abort') {
  const courseId = courseOfBackgroundFetch(event.registration.id);
  if (!courseId) return;
  storing.add(courseId);
  try {
    await storeFetched(courseId, outcome === 'abort' ? [] : await arrived(event.registration), { aborted: outcome === 'abort' });
  } finally {
    storing.delete(courseId);
  }
  if (outcome !== 'success' || !event.updateUI) return;
  const course = await downloadsDb().courses.get(courseId);
  await event.updateUI({ title: course ? `Downloaded: ${course.title}` : 'Downloaded' }).catch(() => undefined);
}

for (const [type, outcome] of [
  ['backgroundfetchsuccess', 'success'],
  ['backgroundfetchfail', 'fail'],
  ['backgroundfetchabort', 'abort'],
] as const) {
  self.addEventListener(type as 'message', (event) =>
    (event as unknown as BackgroundFetchEvent).waitUntil(ended(event as unknown as BackgroundFetchEvent, outcome)),
  );
}

self.addEventListener('backgroundfetchclick' as 'message', (event) => {
  const courseId = courseOfBackgroundFetch((event as unknown as BackgroundFetchEvent).registration.id);
  if (courseId) (event as unknown as ExtendableEvent).waitUntil(self.clients.openWindow('/downloads'));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; courseId?: unknown } | undefined;
  if (data?.type === STORING_MESSAGE) event.ports[0]?.postMessage({ storing: typeof data.courseId === 'string' && storing.has(data.courseId) });
});
