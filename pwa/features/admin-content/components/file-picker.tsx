/** A button that opens the file chooser (the file input itself stays out of the tab order and out of sight). */
import { Button } from '@fluentui/react-components';
import { useRef } from 'react';
import { useContentStyles } from './content-styles';

export function FilePicker({
  label,
  accept,
  disabled,
  describedBy,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  describedBy?: string;
  onFile: (file: File) => void;
}) {
  const styles = useContentStyles();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button disabled={disabled} onClick={() => input.current?.click()} aria-describedby={describedBy}>
        {label}
      </Button>
      <input
        ref={input}
        className={styles.hiddenInput}
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
