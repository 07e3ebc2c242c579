/**
 * "Submit your answers?" naming the questions not answered, under the Submit button: a region on
 * the page, not a modal (no focus trap; nothing of the page hidden from assistive technology while
 * the result replaces the questions). Focus moves to its heading; "Keep answering" or Escape goes
 * back to the Submit button above it.
 */
import { Button, Text } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { unansweredText } from '../lib/unanswered';
import { useAssessmentStyles } from './assessment-styles';

export interface SubmitConfirmProps {
  unanswered: number[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function SubmitConfirm({ unanswered, busy, onConfirm, onCancel }: SubmitConfirmProps) {
  const styles = useAssessmentStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Escape while focus is inside this confirmation: as "Keep answering".
  useEffect(() => {
    const region = heading.current?.parentElement;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && region?.contains(event.target as Node)) onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onCancel]);
  return (
    <section className={styles.panel} aria-labelledby="submit-confirm-heading" aria-describedby="submit-confirm-text">
      <h2 id="submit-confirm-heading" ref={heading} tabIndex={-1} className={styles.subtitle}>
        Submit your answers?
      </h2>
      <Text as="p" id="submit-confirm-text">
        {unanswered.length > 0 ? `${unansweredText(unanswered)} ` : 'Every question is answered. '}You cannot change your answers afterwards.
      </Text>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={onConfirm} disabled={busy}>
          Yes, submit
        </Button>
        <Button onClick={onCancel}>Keep answering</Button>
      </div>
    </section>
  );
}
