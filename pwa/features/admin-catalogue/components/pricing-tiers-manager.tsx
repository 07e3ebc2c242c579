/**
 * A course's pricing tiers (back-office spec §2, §7): the list with the default marked, a form to
 * add one (the first becomes the default; sortOrder is the count plus one), edit in place, delete.
 * Used in the pricing dialog of every table and in the webinar editor's side panel.
 */
import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { PricingTier } from '@contracts/catalogue';
import { tierFormSchema } from '@contracts/course-admin-forms';
import { FormField } from '@pwa/components/form/form-field';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { formatMoney } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useCreateTier } from '../api/create-tier';
import { useDeleteTier } from '../api/delete-tier';
import { useStaffTiers } from '../api/get-staff-tiers';
import { useUpdateTier } from '../api/update-tier';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { flexGrow: 1, minWidth: '9rem' },
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400 },
});

type TierFormProps = {
  tier?: PricingTier;
  submitLabel: string;
  onDone?: () => void;
  onSubmit: (body: { name: string; price: string }) => Promise<unknown>;
  draftKey: string;
};

function TierForm(props: TierFormProps) {
  return <Drafted draftKey={props.draftKey}>{(drafted) => <TierFormBody {...props} drafted={drafted} />}</Drafted>;
}

function TierFormBody({ tier, onDone, submitLabel, onSubmit, drafted }: TierFormProps & { drafted: DraftState }) {
  const styles = useStyles();
  const { form, draftSaved } = useDraftedForm(tierFormSchema, drafted, () => ({ name: tier?.name ?? '', price: tier?.price ?? '' }));
  const [notice, setNotice] = useState(drafted.draft);
  const prefix = tier ? `Tier ${tier.name}: ` : 'New tier ';
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit(async (body) => {
        await onSubmit(body);
        if (tier) {
          await draftSaved();
          onDone?.();
        } else {
          // Emptied for the next tier as the toast shows, not after the draft's deletion: what is
          // typed meanwhile (the next tier's name) is kept, not wiped by a late reset.
          form.reset();
          setNotice(null);
          await draftSaved(true);
        }
      })}
    >
      <DraftNotice draft={notice} onDiscard={drafted.onDiscard} />
      <FormField form={form} name="name" label={`${prefix}name`} required className={styles.field} />
      <FormField form={form} name="price" label={`${prefix}price ($)`} required inputMode="decimal" className={styles.field} />
      <Button type="submit" appearance="primary" disabled={form.busy}>
        {submitLabel}
      </Button>
      {tier ? <Button onClick={onDone}>Cancel</Button> : null}
    </form>
  );
}

export function PricingTiersManager({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const tiers = useStaffTiers(courseId);
  const create = useCreateTier();
  const update = useUpdateTier();
  const remove = useDeleteTier();
  const [editing, setEditing] = useState<string | null>(null);
  const list = tiers.data ?? [];

  const add = (body: { name: string; price: string }) =>
    create
      .mutateAsync({ courseId, body: { ...body, isDefault: list.length === 0, sortOrder: list.length + 1 } })
      .then(() => notify(success('Pricing tier created successfully')))
      .catch((error: unknown) => {
        notify(failure(error, 'Failed to create pricing tier'));
        throw error;
      });

  return (
    <div className={styles.wrap}>
      {tiers.isPending ? <Spinner size="small" label="Loading pricing tiers..." /> : null}
      {tiers.isError ? <Text role="alert">Could not load the pricing tiers of {courseTitle}.</Text> : null}
      {tiers.data && list.length === 0 ? <Text>No pricing tiers yet. Add the first one below: it becomes the default.</Text> : null}
      {list.length ? (
        <ul className={styles.list} aria-label={`Pricing tiers of ${courseTitle}`}>
          {list.map((tier) => (
            <li key={tier.id} className={styles.item}>
              {editing === tier.id ? (
                <TierForm
                  tier={tier}
                  submitLabel="Save Tier"
                  draftKey={`tier:${tier.id}`}
                  onDone={() => setEditing(null)}
                  onSubmit={(body) =>
                    update
                      .mutateAsync({ id: tier.id, body })
                      .then(() => notify(success('Pricing tier updated successfully')))
                      .catch((error: unknown) => {
                        notify(failure(error, 'Failed to update pricing tier'));
                        throw error;
                      })
                  }
                />
              ) : (
                <>
                  <Text className={styles.name}>{tier.name}</Text>
                  <Text>{formatMoney(tier.price)}</Text>
                  {tier.isDefault ? <Badge appearance="tint">Default</Badge> : null}
                  <Button size="small" aria-label={`Edit tier ${tier.name}`} onClick={() => setEditing(tier.id)}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Delete tier ${tier.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(tier.id, {
                        onSuccess: () => notify(success('Pricing tier deleted successfully')),
                        onError: (error) => notify(failure(error, 'Failed to delete pricing tier')),
                      })
                    }
                  >
                    Delete
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby={`add-tier-${courseId}`}>
        <h3 id={`add-tier-${courseId}`} className={styles.heading}>
          Add a pricing tier
        </h3>
        <TierForm submitLabel="Add Tier" onSubmit={add} draftKey={`tier:new:${courseId}`} />
      </section>
    </div>
  );
}
