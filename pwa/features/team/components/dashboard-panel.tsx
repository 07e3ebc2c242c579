/**
 * The manager's view of who is trained: a row per member, a column per course the organisation
 * holds seats of, each cell saying assigned, in progress, completed (when) or overdue, and a
 * certificate about to expire. Filters by course and status; the whole of it as CSV; each
 * member's training record as the PDF an inspector reads; a reminder (push and e-mail, at most
 * once a day each) to the members ticked.
 */
import { Badge, Button, Checkbox, Field, Select, Spinner, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { DASHBOARD_STATUSES, type DashboardMember, type DashboardStatus } from '@contracts/orgs';
import { DownloadIcon } from '@pwa/components/icons';
import { downloadFile } from '@pwa/lib/download-file';
import { useNotify } from '@pwa/lib/notify';
import { dashboardPath, recordPath, useDashboard, useRemind, useSeats, type DashboardFilter } from '../api/team';
import { STATUS_FILTERS, cellLabel, reminderSummary } from '../lib/team-labels';
import { refusalText, useTeamStyles } from './team-styles';

const isStatus = (value: string): value is DashboardStatus | 'expiring' => value === 'expiring' || (DASHBOARD_STATUSES as readonly string[]).includes(value);

export function DashboardPanel({ orgId, viewer }: { orgId: string; viewer: string }) {
  const styles = useTeamStyles();
  const notify = useNotify();
  const [filter, setFilter] = useState<DashboardFilter>({});
  const dashboard = useDashboard(viewer, orgId, filter);
  const first = dashboard.data?.pages[0];
  // The columns are the courses of this answer's members; the course filter offers every course the team holds seats of.
  const shown = first?.courses ?? [];
  const members: DashboardMember[] = dashboard.data?.pages.flatMap((page) => page.members) ?? [];
  const seats = useSeats(viewer, orgId);
  const courses = [...new Map((seats.data ?? []).map((seat) => [seat.courseId, { id: seat.courseId, title: seat.courseTitle }])).values()];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const remind = useRemind(orgId);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const sendReminders = () =>
    remind.mutate([...selected], {
      onSuccess: (report) => {
        notify({ title: 'Reminders', description: reminderSummary(report), variant: 'success' });
        setSelected(new Set());
      },
      onError: (error) => notify({ title: 'Reminding failed', description: refusalText(error), variant: 'destructive' }),
    });
  const download = (path: string, name: string) =>
    void downloadFile(path, name).catch((error: unknown) => notify({ title: 'Download failed', description: refusalText(error), variant: 'destructive' }));

  return (
    <section className={styles.panel} aria-labelledby="team-dashboard-heading">
      <h2 id="team-dashboard-heading" className={styles.heading}>
        Training status
      </h2>
      <div className={styles.toolbar}>
        <Field label="Course">
          <Select value={filter.courseId ?? ''} onChange={(_e, data) => setFilter((f) => ({ ...f, courseId: data.value || undefined }))}>
            <option value="">All courses</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select value={filter.status ?? ''} onChange={(_e, data) => setFilter((f) => ({ ...f, status: isStatus(data.value) ? data.value : undefined }))}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button icon={<DownloadIcon />} onClick={() => download(dashboardPath(orgId, filter, { format: 'csv' }), 'training-dashboard.csv')}>
          Export CSV
        </Button>
        <Button disabled={selected.size === 0 || remind.isPending} onClick={sendReminders}>
          Send reminder ({selected.size})
        </Button>
      </div>
      {dashboard.isPending ? <Spinner size="small" label="Loading the training status…" /> : null}
      {dashboard.isError ? <Text className={styles.error}>The training status could not be loaded. {refusalText(dashboard.error)}</Text> : null}
      {first && members.length === 0 ? <Text className={styles.meta}>No one matches these filters yet.</Text> : null}
      {members.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label="Training status">
            <thead>
              <tr>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Select</span>
                </th>
                <th scope="col">Member</th>
                {shown.map((course) => (
                  <th scope="col" key={course.id}>
                    {course.title}
                  </th>
                ))}
                <th scope="col">Training record</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => {
                const who = member.name ?? member.email;
                return (
                  <tr key={member.id}>
                    <td>
                      <Checkbox
                        aria-label={`Select ${who}`}
                        checked={selected.has(member.id)}
                        onChange={(_e, data) => toggle(member.id, data.checked === true)}
                      />
                    </td>
                    <th scope="row">
                      {who}
                      <br />
                      <Text size={200} className={styles.meta}>
                        {[member.name ? member.email : null, member.department].filter(Boolean).join(' · ')}
                      </Text>
                      {member.status === 'invited' ? (
                        <>
                          {' '}
                          <Badge appearance="outline">Invited</Badge>
                        </>
                      ) : null}
                    </th>
                    {shown.map((course) => {
                      const cell = member.courses.find((c) => c.courseId === course.id);
                      return <td key={course.id}>{cell ? cellLabel(cell) : '—'}</td>;
                    })}
                    <td>
                      {member.userId ? (
                        <Button
                          size="small"
                          icon={<DownloadIcon />}
                          aria-label={`PDF: training record of ${who}`}
                          onClick={() => download(recordPath(orgId, member.userId!, 'pdf'), 'training-record.pdf')}
                        >
                          PDF
                        </Button>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {dashboard.hasNextPage ? (
        <Button onClick={() => void dashboard.fetchNextPage()} disabled={dashboard.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
