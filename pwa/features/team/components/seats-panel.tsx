/**
 * The seats the organisation bought: per course, who holds each one, and a dialog to assign or
 * move a seat (by e-mail; someone not yet a member is invited) and set when it is due. The server
 * refuses a move once the course started or its holder made progress, and says so here.
 */
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { SeatView } from '@contracts/orgs';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { formatDayMonthYear } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { useAssignSeat, useSeats, useSetSeatDue } from '../api/team';
import { refusalText, useTeamStyles } from './team-styles';

/** A due day (yyyy-mm-dd) is the end of that day in the manager's zone. */
const dueIso = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : null);
const dueDay = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

function SeatForm({ orgId, seat, onClose }: { orgId: string; seat: SeatView; onClose: () => void }) {
  const styles = useTeamStyles();
  const notify = useNotify();
  const assign = useAssignSeat(orgId);
  const setDue = useSetSeatDue(orgId);
  const [email, setEmail] = useState(seat.assignee?.email ?? '');
  const [due, setDueDay] = useState(dueDay(seat.dueAt));
  const [refusal, setRefusal] = useState<string>();
  const busy = assign.isPending || setDue.isPending;

  const save = async () => {
    setRefusal(undefined);
    try {
      const trimmed = email.trim();
      if (trimmed && trimmed.toLowerCase() !== seat.assignee?.email.toLowerCase()) await assign.mutateAsync({ seatId: seat.id, email: trimmed });
      if (due !== dueDay(seat.dueAt)) await setDue.mutateAsync({ seatId: seat.id, dueAt: dueIso(due) });
      notify({ title: 'Seat saved', description: trimmed ? `${seat.courseTitle}: ${trimmed}` : seat.courseTitle, variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  return (
    <form
      noValidate
      aria-label={`Seat: ${seat.courseTitle}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label="Assign to (e-mail)" hint={seat.assignee ? 'Moving the seat ends the current holder’s access.' : 'Someone not yet in your team is invited.'}>
        <Input type="email" value={email} autoComplete="off" onChange={(_e, data) => setEmail(data.value)} />
      </Field>
      <Field label="Due date">
        <Input type="date" value={due} onChange={(_e, data) => setDueDay(data.value)} />
      </Field>
      {refusal ? (
        <Text role="alert" className={styles.error}>
          {refusal}
        </Text>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          Save seat
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}

/** Mounted on first use and kept (the house's dialogs: `useDialogSubject`), a fresh form per seat. */
function SeatDialog({ orgId, subject, onClose }: { orgId: string; subject: SeatView | null; onClose: () => void }) {
  const dialog = useDialogSubject(subject);
  if (!dialog.mounted) return null;
  return (
    <FormDialog open={subject !== null} title={`Seat: ${dialog.shown?.courseTitle ?? ''}`} onClose={onClose}>
      {dialog.shown && subject ? <SeatForm key={dialog.shown.id} orgId={orgId} seat={dialog.shown} onClose={onClose} /> : null}
    </FormDialog>
  );
}

export function SeatsPanel({ orgId, viewer }: { orgId: string; viewer: string }) {
  const styles = useTeamStyles();
  const seats = useSeats(viewer, orgId);
  const [editing, setEditing] = useState<SeatView | null>(null);
  const free = seats.data?.filter((seat) => !seat.assignee).length ?? 0;
  return (
    <section className={styles.panel} aria-labelledby="team-seats-heading">
      <h2 id="team-seats-heading" className={styles.heading}>
        Seats
      </h2>
      {seats.isPending ? <Spinner size="small" label="Loading seats…" /> : null}
      {seats.isError ? <Text className={styles.error}>The seats could not be loaded. {refusalText(seats.error)}</Text> : null}
      {seats.data?.length === 0 ? (
        <Text className={styles.meta}>No seats yet: choose “Buy for my team” at checkout to buy courses for your colleagues.</Text>
      ) : null}
      {seats.data && seats.data.length > 0 ? (
        <>
          <Text className={styles.meta}>
            {seats.data.length} {seats.data.length === 1 ? 'seat' : 'seats'}, {free} unassigned
          </Text>
          <div className={styles.scroll}>
            <table className={styles.table} aria-label="Seats">
              <thead>
                <tr>
                  <th scope="col">Course</th>
                  <th scope="col">Holder</th>
                  <th scope="col">Due</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {seats.data.map((seat, index) => (
                  <tr key={seat.id}>
                    <td>{seat.courseTitle}</td>
                    <td>{seat.assignee ? `${seat.assignee.name ?? seat.assignee.email} (${seat.assignee.email})` : 'Unassigned'}</td>
                    <td>{seat.dueAt ? formatDayMonthYear(seat.dueAt) : '—'}</td>
                    <td>
                      <Button
                        size="small"
                        aria-label={`${seat.assignee ? 'Move' : 'Assign'} seat ${index + 1}, ${seat.courseTitle}`}
                        onClick={() => setEditing(seat)}
                      >
                        {seat.assignee ? 'Move' : 'Assign'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <SeatDialog orgId={orgId} subject={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
