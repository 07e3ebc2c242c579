/**
 * The organisations screen's dialogs, each a form whose rules are the contract's (the server
 * checks them again) and whose write goes through the outbox: a new organisation for a customer,
 * a seat moved to someone else, a member moved to another organisation. A refusal is shown in the
 * dialog, which stays open; kept for later or done, it closes.
 */
import { Field, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { adminCreateOrgSchema, adminMoveMemberSchema, adminMoveSeatSchema, type AdminOrgRow, type MemberView, type SeatView } from '@contracts/orgs';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject, useOpenedOnce } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { orgAdminWrites, useOrgAdminWrite } from '../api/org-admin';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  refused: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

function Refusal({ message }: { message: string | null }) {
  const styles = useStyles();
  return message ? (
    <p role="alert" className={styles.refused}>
      {message}
    </p>
  ) : null;
}

function ReasonField({ form }: { form: ReturnType<typeof useZodForm<{ reason: typeof adminMoveSeatSchema.shape.reason }>> }) {
  return (
    <Field label="Reason" required hint="At least 3 characters; kept in the activity log." {...form.fieldProps('reason')}>
      <Textarea {...form.inputProps('reason')} maxLength={500} resize="vertical" />
    </Field>
  );
}

export function CreateOrgDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const write = useOrgAdminWrite();
  const form = useZodForm(adminCreateOrgSchema, { name: '', managerEmail: '' });
  const [refused, setRefused] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setRefused(null);
    const outcome = await write(orgAdminWrites.create(body), `Organisation ${body.name} created`, `Organisation ${body.name} could not be created`);
    if (outcome.kind === 'refused') setRefused(outcome.message ?? null);
    else {
      form.reset();
      onClose();
    }
  });
  if (!useOpenedOnce(open)) return null;
  return (
    <FormDialog open={open} title="New organisation" onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="New organisation">
        <FormField form={form} name="name" label="Organisation name" required />
        <FormField
          form={form}
          name="managerEmail"
          label="Manager’s e-mail"
          required
          type="email"
          hint="They manage it at once, or once they sign in with this address."
        />
        <Refusal message={refused} />
        <FormButtons submit="Create organisation" busy={form.busy} cancel={onClose} />
      </form>
    </FormDialog>
  );
}

function MoveSeatForm({ orgId, seat, onClose }: { orgId: string; seat: SeatView; onClose: () => void }) {
  const styles = useStyles();
  const write = useOrgAdminWrite();
  const form = useZodForm(adminMoveSeatSchema, { email: '', reason: '' });
  const [refused, setRefused] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setRefused(null);
    const outcome = await write(orgAdminWrites.moveSeat(orgId, seat, body), `Seat moved to ${body.email}`, 'The seat could not be moved');
    if (outcome.kind === 'refused') setRefused(outcome.message ?? null);
    else onClose();
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Move a seat of ${seat.courseTitle}`}>
      <p>
        {seat.courseTitle}, held by {seat.assignee ? seat.assignee.email : 'nobody'}.
      </p>
      <FormField form={form} name="email" label="Move to (e-mail)" required type="email" />
      <ReasonField form={form} />
      <Refusal message={refused} />
      <FormButtons submit="Move seat" busy={form.busy} cancel={onClose} />
    </form>
  );
}

export function MoveSeatDialog({ orgId, subject, onClose }: { orgId: string; subject: SeatView | null; onClose: () => void }) {
  const dialog = useDialogSubject(subject);
  if (!dialog.mounted) return null;
  return (
    <FormDialog open={subject !== null} title="Move a seat" onClose={onClose}>
      {dialog.shown && subject ? <MoveSeatForm key={dialog.shown.id} orgId={orgId} seat={dialog.shown} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function MoveMemberForm({ orgId, member, orgs, onClose }: { orgId: string; member: MemberView; orgs: AdminOrgRow[]; onClose: () => void }) {
  const styles = useStyles();
  const write = useOrgAdminWrite();
  const others = orgs.filter((org) => org.id !== orgId);
  const form = useZodForm(adminMoveMemberSchema, { toOrgId: others[0]?.id ?? '', reason: '' });
  const [refused, setRefused] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setRefused(null);
    const outcome = await write(orgAdminWrites.moveMember(orgId, member, body), `${member.email} moved`, `${member.email} could not be moved`);
    if (outcome.kind === 'refused') setRefused(outcome.message ?? null);
    else onClose();
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Move ${member.email}`}>
      <p>Their seats not yet begun go back to this organisation's pool.</p>
      <Field label="Move to" required {...form.fieldProps('toOrgId')}>
        <Select value={form.values.toOrgId} onChange={(_e, data) => form.setValue('toOrgId', data.value)}>
          {others.map((org) => (
            <option key={org.id} value={org.id}>
              {org.name}
            </option>
          ))}
        </Select>
      </Field>
      <ReasonField form={form} />
      <Refusal message={refused} />
      <FormButtons submit="Move person" busy={form.busy} cancel={onClose} />
    </form>
  );
}

export function MoveMemberDialog({ orgId, orgs, subject, onClose }: { orgId: string; orgs: AdminOrgRow[]; subject: MemberView | null; onClose: () => void }) {
  const dialog = useDialogSubject(subject);
  if (!dialog.mounted) return null;
  return (
    <FormDialog open={subject !== null} title="Move to another organisation" onClose={onClose}>
      {dialog.shown && subject ? <MoveMemberForm key={dialog.shown.id} orgId={orgId} member={dialog.shown} orgs={orgs} onClose={onClose} /> : null}
    </FormDialog>
  );
}
