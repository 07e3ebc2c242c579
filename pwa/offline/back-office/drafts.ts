/**
 * A form's working copy kept on the device as the admin types (issue 14): read once when the
 * screen opens (the form starts from it), saved 600 ms after each change that differs from what
 * the form opened with, and cleared once the save is done. Lives in the back office's own
 * database, which logout deletes. Every back-office form uses it the same way:
 *
 *   <Drafted draftKey={`seminar:${course?.id ?? 'new'}`}>{(draft, discard) => <SeminarFormBody draft={draft} onDiscard={discard} … />}</Drafted>
 *   const [opened] = useState(() => ({ …the subject's values… }));
 *   const form = useZodForm(schema, restored(opened, draft));
 *   const draftSaved = useDraftAutosave(draftKey, form.values, opened, course?.version);  // after the save: await draftSaved()
 *   <DraftNotice draft={draft} version={course?.version} onDiscard={onDiscard} />
 */
import { useEffect, useRef, useState } from 'react';
import { adminDb, type AdminDatabase, type Draft } from './admin-db';

/**
 * Every draft on this device, read once when the back office opens (`preloadDrafts`), so a form
 * starts from its draft in the same render it opens in: a dialog whose content arrived a moment
 * after it opened could be left hidden from assistive technology by its focus trap. Kept in step
 * by the writes below; tied to the database instance (a logout's deletion makes a new one).
 */
let known: { db: AdminDatabase; drafts: Map<string, Draft> } | null = null;
const knownDrafts = () => (known && known.db === adminDb() ? known.drafts : null);

export async function preloadDrafts(): Promise<void> {
  const db = adminDb();
  const all = await db.drafts.toArray().catch(() => []);
  known = { db, drafts: new Map(all.map((draft) => [draft.key, draft])) };
}

async function putDraft(draft: Draft): Promise<void> {
  knownDrafts()?.set(draft.key, draft);
  await adminDb().drafts.put(draft);
}

/** The stored draft: at once when the drafts were preloaded, else once read (undefined while reading). */
export function useStoredDraft(key: string): Draft | null | undefined {
  const [draft, setDraft] = useState<Draft | null | undefined>(() => {
    const drafts = knownDrafts();
    return drafts ? (drafts.get(key) ?? null) : undefined;
  });
  useEffect(() => {
    if (draft !== undefined) return;
    let live = true;
    adminDb()
      .drafts.get(key)
      .then((found) => live && setDraft(found ?? null))
      .catch(() => live && setDraft(null));
    return () => {
      live = false;
    };
    // Read once per key: the form keeps its own values after it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return draft;
}

/**
 * Keeps the draft while the form is open. Returns `saved`, to call once the server has the form:
 * it deletes the draft and stops keeping one (a change of props after the save — the course
 * refetched at its new version while the next screen loads — must not write it back).
 */
export function useDraftAutosave(
  key: string,
  values: Record<string, string>,
  opened: Record<string, string>,
  baseVersion: number | undefined,
): (formGoesOn?: boolean) => Promise<void> {
  const first = useRef(true);
  const done = useRef(false);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (done.current) return;
    const changed = Object.keys(values).some((name) => values[name] !== opened[name]);
    const timer = window.setTimeout(() => {
      if (done.current) return;
      const saving: Promise<unknown> = changed ? putDraft({ key, values, baseVersion, savedAt: new Date().toISOString() }) : clearDraft(key);
      saving.catch(() => undefined);
    }, 600);
    return () => window.clearTimeout(timer);
  }, [key, values, opened, baseVersion]);
  return async (formGoesOn = false) => {
    done.current = true;
    await clearDraft(key);
    // A form that is emptied for the next entry (reset to what it opened with) keeps drafts of what is typed next.
    if (formGoesOn) done.current = false;
  };
}

export async function clearDraft(key: string): Promise<void> {
  knownDrafts()?.delete(key);
  await adminDb().drafts.delete(key);
}

/** The values a form starts from: what it opened with, overlaid with the draft's (only fields the form still has). */
export function restored<T extends Record<string, string>>(opened: T, draft: Draft | null): T {
  if (!draft) return opened;
  const values = { ...opened };
  for (const name of Object.keys(opened)) if (typeof draft.values[name] === 'string') (values as Record<string, string>)[name] = draft.values[name];
  return values;
}
