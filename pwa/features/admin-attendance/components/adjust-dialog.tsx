/**
 * "Adjust" one attendee's result (issue 30, point 4): the credits per type (prefilled with what the
 * rule gave) and a required reason, checked by the contract's `adjustSchema` (its messages), sent
 * through the outbox (POST …/attendance/:id/adjust, audited on the server). The row then reads
 * "Adjusted" with the reason.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { adjustSchema, type AttendanceRowDto } from '@contracts/attendance';
import { CREDIT_KIND_LABELS, type Credit } from '@contracts/credits';
import { attendanceWrites, useAttendanceWrite } from '../api/attendance-writes';

const useStyles = makeStyles({ fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export const ADJUST_MESSAGES = { amount: 'Credits must be a number from 0 to 100' } as const;

const creditLabel = (c: Pick<Credit, 'kind' | 'fieldOfStudy'>) => `${CREDIT_KIND_LABELS[c.kind]}${c.fieldOfStudy ? ` — ${c.fieldOfStudy}` : ''} credits`;

/**
 * Stays mounted once opened and is opened and closed by `open` (a modal unmounted while open could
 * leave the page behind it hidden from assistive technology); the form starts afresh for each row.
 */
export function AdjustDialog({ courseId, row, open, onClose }: { courseId: string; row: AttendanceRowDto | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open && !!row} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>{row ? <AdjustForm key={row.id} courseId={courseId} row={row} onClose={onClose} /> : null}</DialogSurface>
    </Dialog>
  );
}

function AdjustForm({ courseId, row, onClose }: { courseId: string; row: AttendanceRowDto; onClose: () => void }) {
  const styles = useStyles();
  const write = useAttendanceWrite(courseId);
  const types: Credit[] = row.credits.length > 0 ? row.credits : [{ kind: 'CPE', amount: 0 }];
  const [amounts, setAmounts] = useState(() => types.map((c) => String(c.amount)));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amounts: Array<string | undefined>; reason?: string }>({ amounts: [] });
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const amountProblems = amounts.map((a) => (/^\d+(\.\d+)?$/.test(a.trim()) && Number(a) <= 100 ? undefined : ADJUST_MESSAGES.amount));
    const body = {
      credits: types.map((c, i) => ({ kind: c.kind, ...(c.fieldOfStudy ? { fieldOfStudy: c.fieldOfStudy } : {}), amount: Number(amounts[i]) })),
      reason,
    };
    const checked = adjustSchema.safeParse(body);
    const reasonProblem = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'reason')?.message;
    setProblems({ amounts: amountProblems, reason: reasonProblem });
    if (!checked.success || amountProblems.some(Boolean)) {
      const first = amountProblems.findIndex(Boolean);
      document.getElementById(first >= 0 ? `adjust-amount-${first}` : 'adjust-reason')?.focus();
      return;
    }
    setBusy(true);
    const outcome = await write(attendanceWrites(courseId).adjust(row.id, checked.data), 'Attendance adjusted', 'Failed to adjust the attendance');
    setBusy(false);
    if (outcome.kind !== 'refused') onClose();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <DialogBody>
        <DialogTitle>Adjust attendance: {row.name || row.email}</DialogTitle>
        <DialogContent className={styles.fields}>
          {types.map((c, i) => (
            <Field
              key={`${c.kind}-${c.fieldOfStudy ?? ''}`}
              label={creditLabel(c)}
              required
              validationState={problems.amounts[i] ? 'error' : 'none'}
              validationMessage={problems.amounts[i]}
            >
              <Input
                id={`adjust-amount-${i}`}
                inputMode="decimal"
                value={amounts[i]}
                onChange={(_event, data) => setAmounts(amounts.map((a, j) => (j === i ? data.value : a)))}
              />
            </Field>
          ))}
          <Field label="Reason" required validationState={problems.reason ? 'error' : 'none'} validationMessage={problems.reason}>
            <Textarea id="adjust-reason" value={reason} onChange={(_event, data) => setReason(data.value)} resize="vertical" maxLength={500} />
          </Field>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            Save adjustment
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
