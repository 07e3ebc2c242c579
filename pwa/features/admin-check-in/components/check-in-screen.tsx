/**
 * /admin/check-in/:courseId (issue 30, point 5): the door of a live seminar, on a phone. Staff scan
 * attendees' tickets with the camera or type the code; each is decided at once from the attendee
 * list kept on this device ("Checked in: Name", "Already checked in at 9:58", another session,
 * revoked, unknown) and said in a live region; what is recorded waits in the outbox until it is
 * sent, so the door keeps working when the venue's network does not.
 */
import { Button, Field, Input, Spinner, Text, ToggleButton, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useRef, useState, type FormEvent } from 'react';
import type { CheckInKind } from '@contracts/check-in';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { LoadError } from '@pwa/components/load-error';
import { formatDateTime } from '@pwa/lib/format';
import { useCheckInList } from '../api/check-in-list';
import { useScan } from '../hooks/use-scan';
import { isIn } from '../lib/scan-decision';
import { CameraScanner } from './camera-scanner';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '36rem' },
  result: {
    minHeight: '3.5rem',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    border: `2px solid ${tokens.colorNeutralStroke1}`,
    display: 'flex',
    alignItems: 'center',
  },
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `2px solid ${tokens.colorPaletteGreenBorder2}`,
    color: tokens.colorPaletteGreenForeground1,
  },
  warning: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `2px solid ${tokens.colorPaletteYellowBorder2}`,
    color: tokens.colorNeutralForeground1,
  },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `2px solid ${tokens.colorPaletteRedBorder2}`,
    color: tokens.colorPaletteRedForeground1,
  },
  typed: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  code: { flexGrow: 1, minWidth: '14rem' },
  direction: { display: 'flex', gap: tokens.spacingHorizontalS },
  figures: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', color: tokens.colorNeutralForeground2 },
});

export function CheckInScreen({ courseId }: { courseId: string }) {
  const styles = useStyles();
  const list = useCheckInList(courseId);
  const { scan, result, waiting } = useScan(courseId);
  const [direction, setDirection] = useState<CheckInKind>('in');
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);

  const course = list.data?.course;
  const title = course ? `Check-in: ${course.title}` : 'Check-in';
  const back = { to: '/admin/live-seminars', label: 'Back to Live Seminars' };
  if (list.isPending) {
    return (
      <AdminPage title={title} back={back}>
        <Spinner label="Loading the attendee list…" />
      </AdminPage>
    );
  }
  if (list.isError) {
    return (
      <AdminPage title={title} back={back}>
        <LoadError error={list.error} what="attendee list" onRetry={() => void list.refetch()} />
      </AdminPage>
    );
  }

  const attendees = list.data.attendees.filter((a) => !a.revoked);
  const inside = attendees.filter(isIn).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    void scan(typed, direction);
    setTyped('');
    field.current?.focus();
  };

  return (
    <AdminPage
      title={title}
      back={back}
      description={[course?.startDate ? formatDateTime(course.startDate) : null, course?.location].filter(Boolean).join(' · ')}
    >
      <div className={styles.layout}>
        <div className={styles.figures}>
          <Text>
            {inside} of {attendees.length} checked in
          </Text>
          <Text>{waiting > 0 ? `${waiting} ${waiting === 1 ? 'scan' : 'scans'} waiting to be sent` : 'All scans sent'}</Text>
        </div>
        <div role="group" aria-label="Scan for" className={styles.direction}>
          {(['in', 'out'] as const).map((kind) => (
            <ToggleButton key={kind} checked={direction === kind} onClick={() => setDirection(kind)} appearance={direction === kind ? 'primary' : 'secondary'}>
              {kind === 'in' ? 'Check in' : 'Check out'}
            </ToggleButton>
          ))}
        </div>
        <div
          role="status"
          aria-live="polite"
          aria-atomic="true"
          aria-label="Scan result"
          className={mergeClasses(styles.result, result ? styles[result.tone] : undefined)}
        >
          {result ? <span key={result.seq}>{result.text}</span> : <span>Scan a ticket or type its code.</span>}
        </div>
        <CameraScanner onCode={(text) => void scan(text, direction)} />
        <form className={styles.typed} onSubmit={submit}>
          <Field label="Ticket code" className={styles.code} hint="The code printed under the QR code, e.g. LSA1.1A2B3C4D.ABCDE-FGHJK-MNPQR-STVWX">
            <Input
              ref={field}
              value={typed}
              onChange={(_event, data) => setTyped(data.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </Field>
          <Button type="submit" appearance="primary">
            Check ticket
          </Button>
        </form>
      </div>
    </AdminPage>
  );
}
