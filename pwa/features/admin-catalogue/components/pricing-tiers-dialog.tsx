/** The pricing dialog a table's "Pricing" action opens (back-office spec §2). */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { PricingTiersManager } from './pricing-tiers-manager';

export function PricingTiersDialog({ course, onClose }: { course: { id: string; title: string } | null; onClose: () => void }) {
  const { mounted, shown } = useDialogSubject(course);
  if (!mounted || !shown) return null;
  return (
    <Dialog open={!!course} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Pricing Tiers: {shown.title}</DialogTitle>
          <DialogContent>
            <PricingTiersManager courseId={shown.id} courseTitle={shown.title} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
