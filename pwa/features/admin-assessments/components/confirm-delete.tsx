/** "Delete …?" before a question or an assessment is deleted (mounted on first use; a modal mounted adds focus sentinels). */
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';

export function ConfirmDelete<T>({
  what,
  subject,
  name,
  onConfirm,
  onClose,
}: {
  what: string;
  subject: T | null;
  name: (subject: T) => string;
  onConfirm: (subject: T) => void;
  onClose: () => void;
}) {
  const dialog = useDialogSubject(subject);
  if (!dialog.mounted) return null;
  return (
    <ConfirmDialog
      open={subject !== null}
      title={`Delete ${what}`}
      text={`Are you sure you want to delete "${dialog.shown ? name(dialog.shown) : ''}"? This action cannot be undone.`}
      confirmLabel="Delete"
      onCancel={onClose}
      onConfirm={() => {
        if (subject !== null) onConfirm(subject);
        onClose();
      }}
    />
  );
}
