/** The pricing dialog a table's "Pricing" action opens (back-office spec §2). */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { PricingTiersManager } from './pricing-tiers-manager';

export function PricingTiersDialog({ course, onClose }: { course: { id: string; title: string } | null; onClose: () => void }) {
  // Mounted only while open: a mounted modal adds focus sentinels to the page.
  if (!course) return null;
  return (
    <Dialog open={!!course} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Pricing Tiers: {course?.title}</DialogTitle>
          <DialogContent>{course ? <PricingTiersManager courseId={course.id} courseTitle={course.title} /> : null}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
