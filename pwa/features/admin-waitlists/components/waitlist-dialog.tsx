/** The dialog a live course's "Waitlist" action opens in the Live Seminars and Webinars tables (issue 35). */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { STAFF_WAITLIST_TEXTS } from '../lib/waitlist-texts';
import { WaitlistEntries } from './waitlist-entries';

export function WaitlistDialog({ course, onClose }: { course: { id: string; title: string } | null; onClose: () => void }) {
  const { mounted, shown } = useDialogSubject(course);
  if (!mounted || !shown) return null;
  return (
    <Dialog open={!!course} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{STAFF_WAITLIST_TEXTS.title(shown.title)}</DialogTitle>
          <DialogContent>
            <WaitlistEntries courseId={shown.id} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{STAFF_WAITLIST_TEXTS.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
