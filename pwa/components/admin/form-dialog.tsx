/**
 * The back office's add/edit dialog: a modal with its title and a form inside (the form brings its
 * own Cancel and submit buttons). Closing (Escape, outside click) calls `onClose`. Mount it on first
 * open (`useDialogSubject`): a mounted modal adds focus sentinels to the page.
 */
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export function FormDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
