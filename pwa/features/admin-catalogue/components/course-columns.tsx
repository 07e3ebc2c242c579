/**
 * The columns the catalogue tables share (back-office spec §2): title with its type or category,
 * code, instructor, date with time and zone (or duration), participants, status and actions.
 */
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ManagedKind } from '../lib/course-toasts';
import { CourseRowActions } from './course-row-actions';
import type { CourseSummary } from '@contracts/catalogue';
import { COURSE_DEFAULTS } from '@contracts/course-admin';
import { ActiveBadge } from '@pwa/components/admin/active-badge';
import type { DataColumn } from '@pwa/components/data-table/data-table';
import { hasWaitlist } from '@pwa/catalogue/components/course-capacity';
import { courseTypeBadgeLabel } from '@pwa/catalogue/components/course-labels';
import { formatCourseDate, formatCourseTime, formatDuration } from '@pwa/lib/format';
import type { StaffCourseRow } from '@pwa/offline/back-office/admin-snapshots';

const useStyles = makeStyles({
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '12rem' },
  sub: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** A row with changes still on this device (created or edited offline) says so. */
function TitleCell({ title, sub, notSynced }: { title: string; sub: string | null; notSynced?: boolean }) {
  const styles = useStyles();
  return (
    <span className={styles.title}>
      <Text weight="semibold">{title}</Text>
      {sub ? <span className={styles.sub}>{sub}</span> : null}
      {notSynced ? (
        <Badge appearance="tint" color="warning" size="small">
          Not synced yet
        </Badge>
      ) : null}
    </span>
  );
}

type Column = DataColumn<CourseSummary>;

export const titleColumn = (sub: 'type' | 'category'): Column => ({
  id: 'title',
  header: 'Title',
  cell: (c) => <TitleCell title={c.title} sub={sub === 'type' ? courseTypeBadgeLabel(c.type) : c.category} notSynced={(c as StaffCourseRow).notSynced} />,
  sortValue: (c) => c.title,
});

export const codeColumn: Column = { id: 'code', header: 'Code', cell: (c) => c.code, sortValue: (c) => c.code };

export const instructorColumn = (header = 'Instructor', fallback = 'TBD'): Column => ({
  id: 'instructor',
  header,
  cell: (c) => c.instructor?.name ?? c.instructorName ?? fallback,
  sortValue: (c) => c.instructor?.name ?? c.instructorName ?? null,
});

/** "Mar 04, 27 · 9:00 AM EST", or "Not scheduled". */
export function scheduleText(c: Pick<CourseSummary, 'startDate' | 'timezone'>): string {
  if (!c.startDate) return 'Not scheduled';
  return `${formatCourseDate(c.startDate, c.timezone)} · ${formatCourseTime(c.startDate, c.timezone)}`;
}

export const dateColumn = (withDuration = false): Column => ({
  id: 'date',
  header: 'Date',
  cell: (c) => (withDuration && c.startDate ? `${scheduleText(c)} (${formatDuration(c.duration ?? COURSE_DEFAULTS.seminar.duration)})` : scheduleText(c)),
  sortValue: (c) => c.startDate,
});

/** current / max, or an infinity sign without a maximum. */
export const participantsColumn = (header = 'Participants', defaultMax: number | null = null): Column => ({
  id: 'participants',
  header,
  cell: (c) => `${c.currentParticipants} / ${c.maxParticipants ?? defaultMax ?? '∞'}`,
  sortValue: (c) => c.currentParticipants,
});

export const statusColumn: Column = {
  id: 'status',
  header: 'Status',
  cell: (c) => <ActiveBadge active={c.isActive} />,
  sortValue: (c) => (c.isActive ? 0 : 1),
};

/** What the tables search in: title, code and instructor. */
export const courseSearchText = (c: CourseSummary) => `${c.title} ${c.code} ${c.instructor?.name ?? c.instructorName ?? ''}`;

export const sumCapacity = (courses: CourseSummary[] | undefined) => (courses ?? []).reduce((sum, c) => sum + (c.maxParticipants ?? 0), 0);
export const countActive = (courses: CourseSummary[] | undefined) => (courses ?? []).filter((c) => c.isActive).length;

/**
 * The webinar table's columns (spec §2), which the recorded-course table shares: title with its
 * type or category, code, instructor, "See pricing tiers", date, participants, status, actions.
 */
export function pricedCourseColumns(options: {
  sub: 'type' | 'category';
  kind: ManagedKind;
  onEdit: (course: CourseSummary) => void;
  onPricing: (course: CourseSummary) => void;
  onWaitlist?: (course: CourseSummary) => void;
}): Column[] {
  return [
    titleColumn(options.sub),
    codeColumn,
    instructorColumn(),
    { id: 'price', header: 'Price', cell: () => 'See pricing tiers' },
    dateColumn(),
    participantsColumn(),
    statusColumn,
    actionsColumn(options.kind, options.onEdit, options.onPricing, options.onWaitlist),
  ];
}

/** The row's actions; `onWaitlist` only for the live courses with a capacity (the ones a waitlist is kept for). */
export function actionsColumn(
  kind: ManagedKind,
  onEdit: (course: CourseSummary) => void,
  onPricing?: (course: CourseSummary) => void,
  onWaitlist?: (course: CourseSummary) => void,
): Column {
  return {
    id: 'actions',
    header: 'Actions',
    shrink: true,
    cell: (c) => (
      <CourseRowActions
        course={c}
        kind={kind}
        onEdit={() => onEdit(c)}
        onPricing={onPricing ? () => onPricing(c) : undefined}
        onWaitlist={onWaitlist && hasWaitlist(c) ? () => onWaitlist(c) : undefined}
        duplicate={kind !== 'pack'}
      />
    ),
  };
}
