/**
 * Signing a completed course that asks for it (issue 33, point 5), on its My Training page: the
 * learner asks for a code by e-mail (a second factor at signing time) and signs "I have read and
 * understood"; the signature goes into their training record with their printed name and the time.
 * Once signed, the page says who signed what, and when.
 */
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { ACKNOWLEDGEMENT_MEANING } from '@contracts/orgs';
import { formatDateTime } from '@pwa/lib/format';
import { useRequestSignatureCode, useSign, useSignatureStatus } from '../api/team';
import { refusalText, useTeamStyles } from './team-styles';

export function SignCompletion({ courseId, viewer }: { courseId: string; viewer: string }) {
  const styles = useTeamStyles();
  const status = useSignatureStatus(viewer, courseId);
  const requestCode = useRequestSignatureCode(courseId);
  const sign = useSign(courseId);
  const [code, setCode] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  if (!status.data?.required) return null;
  const { completed, signature } = status.data;

  return (
    <section className={styles.panel} aria-labelledby="sign-completion-heading">
      <h2 id="sign-completion-heading" className={styles.heading}>
        Your signature
      </h2>
      {signature ? (
        <Text>
          Signed by {signature.printedName} on {formatDateTime(signature.signedAt)}: “{signature.meaning}”.
        </Text>
      ) : !completed ? (
        <Text className={styles.meta}>Once you complete this course, you sign it here for your training record.</Text>
      ) : (
        <>
          <Text>
            Your training record asks you to sign this course: “{ACKNOWLEDGEMENT_MEANING}”. To sign, enter the code we e-mail you; your name and the time are
            recorded.
          </Text>
          <div className={styles.actions}>
            <Button
              disabled={requestCode.isPending}
              onClick={() =>
                requestCode.mutate(undefined, {
                  onSuccess: (answer) => setNote({ text: answer.message, error: false }),
                  onError: (error) => setNote({ text: refusalText(error), error: true }),
                })
              }
            >
              E-mail me a code
            </Button>
          </div>
          <form
            className={styles.toolbar}
            noValidate
            aria-label="Sign this course"
            onSubmit={(event) => {
              event.preventDefault();
              sign.mutate(code.trim(), { onError: (error) => setNote({ text: refusalText(error), error: true }), onSuccess: () => setNote(null) });
            }}
          >
            <Field label="Code from the e-mail">
              <Input value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(_e, data) => setCode(data.value)} />
            </Field>
            <Button type="submit" appearance="primary" disabled={sign.isPending || code.trim().length === 0}>
              Sign: {ACKNOWLEDGEMENT_MEANING}
            </Button>
          </form>
        </>
      )}
      {note ? (
        <Text role={note.error ? 'alert' : 'status'} className={note.error ? styles.error : undefined}>
          {note.text}
        </Text>
      ) : null}
    </section>
  );
}
