/**
 * "Course Details": a <dl> of dates, participants, duration, time zone and location. Each dt/dd
 * pair sits directly in a wrapper div (valid <dl> structure).
 */
import { Card, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Course } from '@contracts/catalogue';
import { CalendarIcon, ClockIcon, GlobeIcon, LocationIcon, PeopleIcon } from '../../components/icons';
import { formatCourseDate, formatCourseTime, formatDuration } from '../../lib/format';
import { isLiveType } from '../../catalogue/components/course-labels';
import { useCourseSectionStyles } from './course-detail-styles';

const useStyles = makeStyles({
  details: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingVerticalL, margin: 0 },
  // The icon sits in the dt and spans both rows of the grid.
  detail: { display: 'grid', gridTemplateColumns: '40px minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, alignItems: 'start' },
  detailTerm: { display: 'contents' },
  detailIcon: {
    gridRow: 'span 2',
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  detailLabel: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  detailValue: {
    margin: 0,
    marginInlineStart: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  detailSub: { display: 'block', fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
});

function DetailItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.detail}>
      <dt className={styles.detailTerm}>
        <span className={styles.detailIcon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.detailLabel}>{label}</span>
      </dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

function DateTime({ iso, timezone }: { iso: string | null; timezone: string | null }) {
  const styles = useStyles();
  if (!iso) return <>To be announced</>;
  const time = formatCourseTime(iso, timezone);
  return (
    <>
      <span>{formatCourseDate(iso, timezone)}</span>
      <span className={styles.detailSub}>
        {time}
        {timezone ? ` (${timezone})` : ''}
      </span>
    </>
  );
}

export function CourseDetails({ course }: { course: Course }) {
  const styles = useStyles();
  const section = useCourseSectionStyles();
  const live = isLiveType(course.type);
  const duration = formatDuration(course.duration);
  const showLocation = Boolean(course.location) && course.type.includes('seminar');
  return (
    <Card className={section.section} role="region" aria-labelledby="course-details-title">
      <h2 className={section.sectionTitle} id="course-details-title">
        Course Details
      </h2>
      <dl className={styles.details}>
        {live ? (
          <>
            <DetailItem icon={<CalendarIcon />} label="Start Date">
              <DateTime iso={course.startDate} timezone={course.timezone} />
            </DetailItem>
            <DetailItem icon={<CalendarIcon />} label="End Date">
              <DateTime iso={course.endDate} timezone={course.timezone} />
            </DetailItem>
            <DetailItem icon={<PeopleIcon />} label="Participants">
              {course.maxParticipants ? `${course.currentParticipants} / ${course.maxParticipants}` : String(course.currentParticipants)}
            </DetailItem>
          </>
        ) : null}
        <DetailItem icon={<ClockIcon />} label="Duration">
          {duration || 'Self-paced'}
        </DetailItem>
        {live && course.timezone ? (
          <DetailItem icon={<GlobeIcon />} label="Time Zone">
            {course.timezone}
          </DetailItem>
        ) : null}
        {showLocation ? (
          <DetailItem icon={<LocationIcon />} label="Location">
            {course.location}
          </DetailItem>
        ) : null}
      </dl>
    </Card>
  );
}
