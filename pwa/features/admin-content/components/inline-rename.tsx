/** Renaming in place: a labelled title field with Save and Cancel (back to the title it had); Escape cancels. */
import { Button, Field, Input } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useContentStyles } from './content-styles';

const TITLE_MAX = 200;

export function InlineRename({
  label,
  value,
  onSave,
  onCancel,
  focusOnOpen = true,
}: {
  label: string;
  value: string;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
  /** Focus the field when it opens (a rename asked for); not when it is part of an opened lesson. */
  focusOnOpen?: boolean;
}) {
  const styles = useContentStyles();
  const [title, setTitle] = useState(value);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);
  const cancel = () => {
    setTitle(value);
    onCancel();
  };
  const problem = !title.trim() ? 'Title is required' : title.trim().length > TITLE_MAX ? `Title must be at most ${TITLE_MAX} characters` : undefined;
  return (
    <form
      className={styles.addRow}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem || busy) return;
        setBusy(true);
        void onSave(title.trim()).finally(() => setBusy(false));
      }}
    >
      <Field label={label} className={styles.grow} validationMessage={problem}>
        <Input
          ref={field}
          value={title}
          onChange={(_event, data) => setTitle(data.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            cancel();
          }}
        />
      </Field>
      <Button type="submit" appearance="primary" disabled={!!problem || busy}>
        Save
      </Button>
      <Button onClick={cancel}>Cancel</Button>
    </form>
  );
}
