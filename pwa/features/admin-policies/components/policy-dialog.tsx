/**
 * The dialog that edits one course type's policy (mounted on first open). The form starts from the
 * policy the card shows (an edit still waiting on this device included) or from its draft; after
 * a save the next opening starts afresh from the saved policy.
 */
import { useState } from 'react';
import { Drafted } from '@pwa/components/admin/drafted';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import type { PolicyView } from '../api/get-policies';
import { policyEntity } from '../api/policy-keys';
import { courseTypeLabel } from '../lib/policy-texts';
import { PolicyForm } from './policy-form';

export function PolicyDialog({ policy, onClose }: { policy: PolicyView | null; onClose: () => void }) {
  const { mounted, shown } = useDialogSubject(policy);
  const [saves, setSaves] = useState(0);
  if (!mounted || !shown) return null;
  return (
    <FormDialog open={policy !== null} title={`Edit policy: ${courseTypeLabel(shown.courseType)}`} onClose={onClose}>
      <Drafted key={`${shown.courseType}:${saves}`} draftKey={policyEntity(shown.courseType)}>
        {(drafted) => (
          <PolicyForm
            policy={shown}
            drafted={drafted}
            onClose={onClose}
            onSaved={() => {
              setSaves((n) => n + 1);
              onClose();
            }}
          />
        )}
      </Drafted>
    </FormDialog>
  );
}
