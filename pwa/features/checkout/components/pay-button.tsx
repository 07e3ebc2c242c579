/** The payment forms' submit button: disabled until the form is ready, "Processing..." while submitting. */
import { Button, Spinner, makeStyles } from '@fluentui/react-components';
import { LockIcon } from '@pwa/components/icons';

const useStyles = makeStyles({ button: { width: '100%' } });

export function PayButton({ label, ready, submitting, disabled }: { label: string; ready: boolean; submitting: boolean; disabled?: boolean }) {
  const styles = useStyles();
  return (
    <Button
      type="submit"
      appearance="primary"
      size="large"
      className={styles.button}
      disabled={!ready || submitting || disabled}
      icon={submitting ? <Spinner size="tiny" aria-hidden /> : <LockIcon />}
    >
      {submitting ? 'Processing...' : label}
    </Button>
  );
}
