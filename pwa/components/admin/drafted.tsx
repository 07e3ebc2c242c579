/**
 * Back-office forms and their drafts on this device (offline/drafts.ts): `Drafted` reads the
 * stored draft before the form mounts (so the form, rich text included, starts from it) and
 * remounts it from the server's copy when the draft is discarded; `DraftNotice` says a draft was
 * restored, warns when the server's copy has changed since, and offers "Discard draft".
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Fragment, useState, type ReactNode } from 'react';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { clearDraft, useStoredDraft } from '@pwa/offline/back-office/drafts';
import { formatDateTime } from '@pwa/lib/format';

export function Drafted({ draftKey, children }: { draftKey: string; children: (draft: Draft | null, discard: () => void) => ReactNode }) {
  const draft = useStoredDraft(draftKey);
  const [discards, setDiscards] = useState(0);
  // Read in a few milliseconds: nothing is shown meanwhile rather than a form that would restart.
  if (draft === undefined) return null;
  const discard = () => void clearDraft(draftKey).then(() => setDiscards((n) => n + 1));
  return <Fragment key={discards}>{children(discards ? null : draft, discard)}</Fragment>;
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
