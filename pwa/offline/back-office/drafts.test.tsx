// @vitest-environment jsdom
/**
 * The editor's working copy on the device: kept 600 ms after a change, dropped when the form is
 * back to what it opened with, and gone for good once the save is done — even when the course
 * comes back at its new version while the next screen is still loading.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminDb, deleteAdminDb } from './admin-db';
import { preloadDrafts, useDraftAutosave, useStoredDraft } from './drafts';

const opened = { title: 'Assay validation' };
const key = 'webinar:course-1';

/** Lets the 600 ms timer fire and the IndexedDB write it starts finish (real time: Dexie needs real timers). */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
}

describe('useDraftAutosave', () => {
  afterEach(async () => {
    cleanup();
    await deleteAdminDb();
  });

  it('keeps a changed form, and drops the draft when the form is back to what it opened with', async () => {
    const { rerender } = renderHook(({ values }) => useDraftAutosave(key, values, opened, 3), { initialProps: { values: opened } });
    rerender({ values: { title: 'Assay validation, part 2' } });
    await settle();
    expect(await adminDb().drafts.get(key)).toMatchObject({ values: { title: 'Assay validation, part 2' }, baseVersion: 3 });

    rerender({ values: { title: 'Assay validation' } });
    await settle();
    expect(await adminDb().drafts.get(key)).toBeUndefined();
  });

  it('once saved, a later render (the course refetched at its new version) does not write the draft back', async () => {
    const changed = { title: 'Assay validation, part 2' };
    const { result, rerender } = renderHook(({ values, version }) => useDraftAutosave(key, values, opened, version), {
      initialProps: { values: opened, version: 3 },
    });
    rerender({ values: changed, version: 3 });
    await settle();
    expect(await adminDb().drafts.count()).toBe(1);

    await act(() => result.current());
    rerender({ values: changed, version: 4 });
    await settle();
    expect(await adminDb().drafts.count()).toBe(0);
  });

  it('a change typed just before pressing save is not written after the save cleared the draft', async () => {
    const { result, rerender } = renderHook(({ values }) => useDraftAutosave(key, values, opened, 3), { initialProps: { values: opened } });
    rerender({ values: { title: 'Typed just now' } });
    await act(() => result.current());
    await settle();
    expect(await adminDb().drafts.count()).toBe(0);
  });

  it('a form emptied for the next entry after its save keeps drafts of what is typed next', async () => {
    const { result, rerender } = renderHook(({ values }) => useDraftAutosave(key, values, opened, undefined), { initialProps: { values: opened } });
    rerender({ values: { title: 'First tier' } });
    await act(() => result.current(true));
    rerender({ values: opened });
    await settle();
    expect(await adminDb().drafts.count()).toBe(0);
    rerender({ values: { title: 'Second tier' } });
    await settle();
    expect(await adminDb().drafts.get(key)).toMatchObject({ values: { title: 'Second tier' } });
  });

  it('once the drafts are preloaded, a form has its draft in its first render (a dialog opens with its content)', async () => {
    await adminDb().drafts.put({ key, values: { title: 'Kept' }, savedAt: '2026-11-23T01:00:00.000Z' });
    const before = renderHook(() => useStoredDraft(key));
    expect(before.result.current).toBeUndefined();
    await preloadDrafts();
    const rendered: unknown[] = [];
    renderHook(() => rendered.push(useStoredDraft(key)));
    expect(rendered[0]).toMatchObject({ values: { title: 'Kept' } });
    expect(renderHook(() => useStoredDraft('webinar:other')).result.current).toBeNull();
  });
});
