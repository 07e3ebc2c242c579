/**
 * A back-office form's Cancel and submit buttons (submit disabled while the form is busy). In a
 * dialog Cancel comes first and both sit at the end; on a page submit comes first; in a header
 * (the full-screen editor) `extra` buttons come before Cancel. `cancel`: what Cancel does, or the
 * address it goes to.
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ButtonLink } from '../layout/router-links';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  dialog: { justifyContent: 'flex-end' },
  wrap: { flexWrap: 'wrap' },
});

export function FormButtons({
  submit,
  busy,
  cancel,
  layout = 'dialog',
  extra,
}: {
  submit: string;
  busy: boolean;
  cancel: string | (() => void);
  layout?: 'dialog' | 'page' | 'header';
  extra?: ReactNode;
}) {
  const styles = useStyles();
  const cancelButton = typeof cancel === 'string' ? <ButtonLink to={cancel}>Cancel</ButtonLink> : <Button onClick={cancel}>Cancel</Button>;
  const submitButton = (
    <Button type="submit" appearance="primary" disabled={busy}>
      {submit}
    </Button>
  );
  return (
    <div className={mergeClasses(styles.row, layout === 'dialog' ? styles.dialog : styles.wrap)}>
      {extra}
      {layout === 'page' ? submitButton : cancelButton}
      {layout === 'page' ? cancelButton : submitButton}
    </div>
  );
}
