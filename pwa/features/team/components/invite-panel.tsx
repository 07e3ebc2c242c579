/**
 * Inviting colleagues: paste addresses, or upload a CSV (name, email, department). The server
 * checks every row and invites all or none; its per-row report is shown either way, so a refused
 * list says exactly which rows to correct.
 */
import { Button, Field, Text, Textarea } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import type { InvitationReport } from '@contracts/orgs';
import { ApiError } from '@pwa/lib/api-client';
import { useInvite } from '../api/team';
import { pastedEmails, rowStatusLabel } from '../lib/team-labels';
import { refusalText, useTeamStyles } from './team-styles';

/** A refused list comes back as `{ message, invited: 0, rows }`. */
function refusedReport(error: unknown): (InvitationReport & { message: string }) | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const body = JSON.parse(error.body) as Partial<InvitationReport & { message: string }>;
    return Array.isArray(body.rows) && typeof body.message === 'string' ? { invited: 0, rows: body.rows, message: body.message } : null;
  } catch {
    return null;
  }
}

export function InvitePanel({ orgId }: { orgId: string }) {
  const styles = useTeamStyles();
  const invite = useInvite(orgId);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string>();
  const [report, setReport] = useState<{ summary: string; failed: boolean; rows: InvitationReport['rows'] } | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const send = async (input: { emails: string[] } | { csv: Blob }) => {
    setReport(null);
    try {
      const done = await invite.mutateAsync(input);
      setReport({ summary: `${done.invited} ${done.invited === 1 ? 'person' : 'people'} invited.`, failed: false, rows: done.rows });
      setText('');
      if (file.current) file.current.value = '';
    } catch (error) {
      const refused = refusedReport(error);
      setReport({ summary: refused?.message ?? refusalText(error), failed: true, rows: refused?.rows ?? [] });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="team-invite-heading">
      <h2 id="team-invite-heading" className={styles.heading}>
        Invite colleagues
      </h2>
      <Text className={styles.meta}>Each person gets an e-mail; they join by signing in with that address.</Text>
      <form
        noValidate
        aria-label="Invite by e-mail"
        onSubmit={(event) => {
          event.preventDefault();
          const emails = pastedEmails(text);
          if (emails.length === 0) return setTextError('Enter at least one e-mail address');
          setTextError(undefined);
          void send({ emails });
        }}
      >
        <Field
          label="E-mail addresses"
          hint="One per line, or separated by commas"
          validationMessage={textError}
          validationState={textError ? 'error' : 'none'}
        >
          <Textarea value={text} onChange={(_e, data) => setText(data.value)} rows={4} resize="vertical" />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={invite.isPending}>
            Send invitations
          </Button>
        </div>
      </form>
      <div className={styles.toolbar}>
        <Field label="Or upload a CSV (name, email, department)">
          {(fieldProps) => (
            <input
              {...fieldProps}
              ref={file}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                const picked = event.currentTarget.files?.[0];
                if (picked) void send({ csv: picked });
              }}
            />
          )}
        </Field>
      </div>
      {report ? (
        <div role="status">
          <Text weight="semibold" className={report.failed ? styles.error : undefined}>
            {report.summary}
          </Text>
          {report.rows.length > 0 ? (
            <div className={styles.scroll}>
              <table className={styles.table} aria-label="Invitation report">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.row}>
                      <td>{row.row}</td>
                      <td>{row.email}</td>
                      <td className={row.status === 'error' ? styles.error : undefined}>{rowStatusLabel(row)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
