/**
 * Back-office forms and their drafts on this device (offline/back-office/drafts.ts): `Drafted`
 * reads the stored draft before the form mounts (so the form, rich text included, starts from it)
 * and remounts it from the server's copy when the draft is discarded; `useDraftedForm` starts the
 * form from the draft and keeps it; `DraftNotice` says a draft was restored, warns when the
 * server's copy has changed since, and offers "Discard draft".
 *
 *   <Drafted draftKey={`customer:${customer?.id ?? 'new'}`}>{(drafted) => <CustomerFormBody drafted={drafted} … />}</Drafted>
 *   const { form, draftSaved } = useDraftedForm(schema, drafted, () => ({ …the subject's values… }));  // after the save: await draftSaved()
 *   <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Fragment, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { clearDraft, restored, useDraftAutosave, useStoredDraft } from '@pwa/offline/back-office/drafts';
import { formatDateTime } from '@pwa/lib/format';
import { useZodForm } from '../form/use-zod-form';

/** What a form gets from `Drafted`: its draft's key, the draft it starts from (or none) and "Discard draft". */
export interface DraftState {
  draftKey: string;
  draft: Draft | null;
  onDiscard: () => void;
}

export function Drafted({ draftKey, children }: { draftKey: string; children: (drafted: DraftState) => ReactNode }) {
  const draft = useStoredDraft(draftKey);
  const [discards, setDiscards] = useState(0);
  // Read in a few milliseconds: nothing is shown meanwhile rather than a form that would restart.
  if (draft === undefined) return null;
  const discard = () => void clearDraft(draftKey).then(() => setDiscards((n) => n + 1));
  return <Fragment key={discards}>{children({ draftKey, draft: discards ? null : draft, onDiscard: discard })}</Fragment>;
}

/**
 * A form kept as a draft while it is open: it starts from `opened` (read once) overlaid with the
 * draft, and `draftSaved()`, once the server has the form, clears the draft. `baseVersion`: the
 * version of the server's copy the form opened (the notice warns when it has changed since).
 */
export function useDraftedForm<S extends Record<string, z.ZodType>>(
  schema: z.ZodObject<S>,
  { draftKey, draft }: DraftState,
  opened: () => { [K in keyof S]: string },
  baseVersion?: number,
) {
  const [initial] = useState(opened);
  const form = useZodForm(schema, restored(initial, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, initial, baseVersion);
  return { form, draftSaved };
}

export function DraftNotice({ draft, version, onDiscard, className }: { draft: Draft | null; version?: number; onDiscard: () => void; className?: string }) {
  if (!draft) return null;
  const changedSince = version !== undefined && draft.baseVersion !== undefined && version > draft.baseVersion;
  return (
    <MessageBar intent={changedSince ? 'warning' : 'info'} className={className}>
      <MessageBarBody>
        <MessageBarTitle>Restored your unsaved changes</MessageBarTitle>
        Kept on this device {formatDateTime(draft.savedAt)}.{changedSince ? ' The course has changed on the server since: check before saving.' : ''}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onDiscard}>Discard draft</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
