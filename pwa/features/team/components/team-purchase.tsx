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

export function TeamPurchase({ viewer, lines, onOrgChange }: { viewer: string; lines: readonly SeatLine[]; onOrgChange: (orgId: string | null) => void }) {
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
      {forTeam && managed ? <SeatCounts lines={lines} /> : null}
    </div>
  );
}

/** A cart line as checkout groups it: a course (and tier) and how many seats. */
export interface SeatLine {
  key: string;
  courseId: string;
  pricingTierId?: string;
  title: string;
  quantity: number;
}

function SeatCounts({ lines }: { lines: readonly SeatLine[] }) {
  const { setQuantity } = useCart();
  return (
    <>
      {lines.map((line) => (
        <Field key={line.key} label={`Seats: ${line.title}`}>
          <SpinButton
            min={1}
            max={99}
            value={line.quantity}
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
