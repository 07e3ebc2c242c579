/**
 * The downloads on this device as the screens show them (issue 34): live from IndexedDB, so
 * progress moves as chunks are stored (here or in another tab), and the browser's storage estimate.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { DOWNLOAD_CHUNK_BYTES } from '@contracts/offline-learning';
import { bytesDone, downloadsDb, type StoredCourse } from '@pwa/offline/learning/downloads-db';

export function useDownloads(): StoredCourse[] | undefined {
  return useLiveQuery(() => downloadsDb().courses.toArray(), []);
}

export function useDownload(courseId: string): StoredCourse | null | undefined {
  return useLiveQuery(async () => (await downloadsDb().courses.get(courseId)) ?? null, [courseId]);
}

export const downloadedBytes = (course: StoredCourse) => course.files.reduce((sum, f) => sum + bytesDone(f, DOWNLOAD_CHUNK_BYTES), 0);
export const downloadedPercent = (course: StoredCourse) => (course.totalBytes === 0 ? 100 : Math.floor((downloadedBytes(course) / course.totalBytes) * 100));

export interface StorageEstimateView {
  usage: number;
  quota: number;
}

/** `navigator.storage.estimate()`, asked again whenever `changed` changes (null where the browser has none). */
export function useStorageEstimate(changed: unknown): StorageEstimateView | null {
  const [estimate, setEstimate] = useState<StorageEstimateView | null>(null);
  useEffect(() => {
    let live = true;
    void navigator.storage
      ?.estimate?.()
      .then((e) => live && setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [changed]);
  return estimate;
}
