/** Who the purchase is for, with an optional "Change details" button: on /checkout and in the membership checkout. */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Buyer } from '../lib/checkout-request';

const useStyles = makeStyles({
  buyer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

export function BuyerSummary({ label, buyer, onChange, disabled }: { label: string; buyer: Buyer; onChange?: () => void; disabled?: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.buyer}>
      <Text>
        {label} <strong>{buyer.name}</strong> ({buyer.email})
      </Text>
      {onChange ? (
        <Button appearance="subtle" size="small" onClick={onChange} disabled={disabled}>
          Change details
        </Button>
      ) : null}
    </div>
  );
}
