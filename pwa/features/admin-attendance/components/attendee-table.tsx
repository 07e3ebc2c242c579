/**
 * The attendee table (issue 30, points 3 and 6), in the back office's one table (`DataTable`:
 * sortable headers with `aria-sort`, search, pages): name, e-mail, joined, left, minutes, polls
 * ("5 / 6"), credits ("1.5 CPE"), status, the reason for a shortfall or an adjustment, and
 * "Adjust" per row. Rows open in a stable order (by name, then e-mail). "Download CSV" gives the
 * server's CSV of the same table.
 */
import { Button } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { AttendanceRowDto } from '@contracts/attendance';
import { DataTable, type DataColumn } from '@pwa/components/data-table/data-table';
import { EmptyState } from '@pwa/components/empty-state';
import { LoadError } from '@pwa/components/load-error';
import { downloadFile } from '@pwa/lib/download-file';
import { useNotify } from '@pwa/lib/notify';
import { failure } from '@pwa/lib/toasts';
import { attendancePath, useAttendance } from '../api/get-attendance';
import { STATUS_LABELS, creditsText, pollsText, sortRows, timeText, totalCredits } from '../lib/attendance-table';
import { AdjustDialog } from './adjust-dialog';
import { headingTag, useAttendanceStyles } from './attendance-styles';

function columnsOf(timeZone: string | null, adjust: (row: AttendanceRowDto) => void): Array<DataColumn<AttendanceRowDto>> {
  return [
    { id: 'name', header: 'Name', cell: (r) => r.name || '—', sortValue: (r) => r.name },
    { id: 'email', header: 'E-mail', cell: (r) => r.email, sortValue: (r) => r.email },
    { id: 'joined', header: 'Joined', cell: (r) => timeText(r.joinedAt, timeZone), sortValue: (r) => r.joinedAt },
    { id: 'left', header: 'Left', cell: (r) => timeText(r.leftAt, timeZone), sortValue: (r) => r.leftAt },
    { id: 'minutes', header: 'Minutes', cell: (r) => r.minutes, sortValue: (r) => r.minutes },
    { id: 'polls', header: 'Polls', cell: pollsText, sortValue: (r) => (r.pollsAsked > 0 ? r.pollsAnswered / r.pollsAsked : -1) },
    { id: 'credits', header: 'Credits', cell: creditsText, sortValue: totalCredits },
    { id: 'status', header: 'Status', cell: (r) => STATUS_LABELS[r.status], sortValue: (r) => STATUS_LABELS[r.status] },
    { id: 'reason', header: 'Reason', cell: (r) => r.reason ?? '—', sortValue: (r) => r.reason },
    {
      id: 'actions',
      header: 'Actions',
      shrink: true,
      cell: (r) => (
        <Button size="small" aria-label={`Adjust ${r.name || r.email}`} onClick={() => adjust(r)}>
          Adjust
        </Button>
      ),
    },
  ];
}

export function AttendeeTable({ courseId, timeZone, headingLevel }: { courseId: string; timeZone: string | null; headingLevel: number }) {
  const styles = useAttendanceStyles();
  const notify = useNotify();
  const rows = useAttendance(courseId);
  const [adjusting, setAdjusting] = useState<AttendanceRowDto | null>(null);
  const [adjustOpen, setAdjustOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const Heading = headingTag(headingLevel);
  const columns = useMemo(
    () =>
      columnsOf(timeZone, (row) => {
        setAdjusting(row);
        setAdjustOpen(true);
      }),
    [timeZone],
  );
  const ordered = useMemo(() => (rows.data ? sortRows(rows.data, { key: 'name', direction: 'ascending' }) : undefined), [rows.data]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`${attendancePath(courseId)}?format=csv`, `attendance_${courseId}.csv`);
    } catch (error) {
      notify(failure(error, 'The attendance could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`attendees-${courseId}`}>
      <Heading id={`attendees-${courseId}`} className={styles.panelTitle}>
        Attendees
      </Heading>
      <div className={styles.actions}>
        <Button disabled={downloading || !rows.data?.length} onClick={() => void download()}>
          Download CSV
        </Button>
      </div>
      {rows.isError && !rows.data ? (
        <LoadError error={rows.error} onRetry={() => rows.refetch()} what="the attendance" />
      ) : (
        <DataTable
          label="Attendee table"
          columns={columns}
          rows={ordered}
          rowKey={(r) => r.id}
          loading={rows.isPending}
          searchText={(r) => `${r.name} ${r.email}`}
          searchLabel="Search attendees"
          empty={<EmptyState title="No attendance yet" description="Upload a report, or import it from Zoom after the session." />}
        />
      )}
      {adjusting ? <AdjustDialog courseId={courseId} row={adjusting} open={adjustOpen} onClose={() => setAdjustOpen(false)} /> : null}
    </section>
  );
}
