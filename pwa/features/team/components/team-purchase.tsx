/**
 * "Buy for my team" at checkout (issue 33): the order's seats go to the buyer's organisation
 * instead of to the buyer. A manager's organisation is used as it is; someone in none names one
 * here and becomes its manager; a learner of an organisation cannot buy for it. Each cart line
 * then asks how many seats (the cart holds one item per seat).
 */
import { Checkbox, Field, SpinButton, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useCart } from '@pwa/stores/cart-store';
import { useMyOrgs } from '../api/team';
import { CreateOrgForm } from './create-org-form';
import { useTeamStyles } from './team-styles';

export function TeamPurchase({ viewer, onOrgChange }: { viewer: string; onOrgChange: (orgId: string | null) => void }) {
  const styles = useTeamStyles();
  const [forTeam, setForTeam] = useState(false);
  const orgs = useMyOrgs(forTeam ? viewer : null);
  const org = orgs.data?.[0];
  const managed = org?.role === 'manager' ? org.id : null;
  useEffect(() => onOrgChange(forTeam ? managed : null), [forTeam, managed, onOrgChange]);

  return (
    <div className={styles.toolbar}>
      <Checkbox label="Buy for my team" checked={forTeam} onChange={(_e, data) => setForTeam(data.checked === true)} />
      {forTeam && orgs.isPending ? <Spinner size="tiny" label="Loading your organisation…" /> : null}
      {forTeam && org && managed ? (
        <Text role="status">Seats go to {org.name}: assign them to colleagues from My Team after paying. Quantities in the cart are the number of seats.</Text>
      ) : null}
      {forTeam && org && !managed ? <Text role="status">Only the managers of {org.name} can buy seats for it.</Text> : null}
      {forTeam && orgs.data && !org ? <CreateOrgForm submitLabel="Use this organisation" /> : null}
      {forTeam && managed ? <SeatCounts /> : null}
    </div>
  );
}

function SeatCounts() {
  const { items, setQuantity } = useCart();
  const lines = new Map<string, { courseId: string; pricingTierId?: string; title: string; count: number }>();
  for (const item of items) {
    const key = `${item.courseId}:${item.pricingTierId ?? ''}`;
    const line = lines.get(key) ?? { courseId: item.courseId, pricingTierId: item.pricingTierId, title: item.title, count: 0 };
    line.count += 1;
    lines.set(key, line);
  }
  return (
    <>
      {[...lines.entries()].map(([key, line]) => (
        <Field key={key} label={`Seats: ${line.title}`}>
          <SpinButton
            min={1}
            max={99}
            value={line.count}
            onChange={(_e, data) => {
              const next = data.value ?? Number(data.displayValue);
              if (Number.isFinite(next)) setQuantity(line, next as number);
            }}
          />
        </Field>
      ))}
    </>
  );
}
