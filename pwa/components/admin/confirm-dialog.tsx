/** A confirmation before something that cannot be undone (back-office spec §2, §5). */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { UseMutationResult } from '@tanstack/react-query';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useDialogSubject } from './use-opened-once';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, text, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Cancel</Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * "Delete {what}" for the row in `subject` (null: closed; mounted on first use): runs `remove`
 * with its id and shows the spec's toasts — the server's message first when it names the problem.
 */
export function DeleteDialog<T extends { id: string; name: string }>({
  what,
  subject,
  remove,
  done,
  failed,
  onClose,
}: {
  what: string;
  subject: T | null;
  remove: Pick<UseMutationResult<unknown, unknown, string>, 'mutate' | 'isPending'>;
  done: string;
  failed: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const dialog = useDialogSubject(subject);
  if (!dialog.mounted) return null;
  return (
    <ConfirmDialog
      open={subject !== null}
      title={`Delete ${what}`}
      text={`Are you sure you want to delete "${dialog.shown?.name ?? ''}"? This action cannot be undone.`}
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        subject &&
        remove.mutate(subject.id, {
          onSuccess: () => notify(success(done)),
          onError: (error) => notify(failure(error, failed)),
          onSettled: onClose,
        })
      }
    />
  );
}
