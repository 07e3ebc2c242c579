/** "Submit your answers?" naming the questions not answered; Escape or "Keep answering" goes back. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useOpenedOnce } from '@pwa/components/admin/use-opened-once';
import { unansweredText } from '../lib/unanswered';

export interface SubmitConfirmProps {
  open: boolean;
  unanswered: number[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Mounted on first open (a mounted modal adds focus sentinels to the page), then kept (`use-opened-once.ts`). */
export function SubmitConfirm({ open, unanswered, busy, onConfirm, onCancel }: SubmitConfirmProps) {
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Dialog open={open} modalType="alert" unmountOnClose={false} onOpenChange={(_event, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface aria-describedby="submit-confirm-text">
        <DialogBody>
          <DialogTitle>Submit your answers?</DialogTitle>
          <DialogContent id="submit-confirm-text">
            <Text as="p">
              {unanswered.length > 0 ? `${unansweredText(unanswered)} ` : 'Every question is answered. '}You cannot change your answers afterwards.
            </Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Keep answering</Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy}>
              Submit answers
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
