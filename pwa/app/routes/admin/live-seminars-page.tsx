/** /admin/live-seminars (back-office spec §2): summary cards, the automatic-move note, the table; a seminar's pricing and waitlist (issue 35) dialogs. */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CourseSummary } from '@contracts/catalogue';
import { COURSE_DEFAULTS } from '@contracts/course-admin';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { AdminList } from '@pwa/components/admin/admin-list';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { useStaffCourses } from '@pwa/features/admin-catalogue/api/get-staff-courses';
import {
  actionsColumn,
  codeColumn,
  courseSearchText,
  dateColumn,
  instructorColumn,
  participantsColumn,
  statusColumn,
  titleColumn,
} from '@pwa/features/admin-catalogue/components/course-columns';
import { PricingTiersDialog } from '@pwa/features/admin-catalogue/components/pricing-tiers-dialog';
import { WaitlistDialog } from '@pwa/features/admin-waitlists/components/waitlist-dialog';

const SEMINARS = { type: ['live_seminar'] as CourseSummary['type'][] };
const DEFAULT_CAPACITY = COURSE_DEFAULTS.seminar.capacity;

export default function LiveSeminarsPage() {
  const navigate = useNavigate();
  const courses = useStaffCourses(SEMINARS);
  const seminars = courses.data;
  const [pricing, setPricing] = useState<CourseSummary | null>(null);
  const [waitlist, setWaitlist] = useState<CourseSummary | null>(null);
  const now = Date.now();

  return (
    <AdminPage
      title="Live Seminars"
      description="In-person seminars: where, when and how many seats."
      actions={
        <ButtonLink to="/admin/live-seminars/create" appearance="primary">
          Create Live Seminar
        </ButtonLink>
      }
    >
      <StatCards
        loading={courses.isPending}
        items={[
          { label: 'Total Seminars', value: seminars?.length ?? 0 },
          { label: 'Total Capacity', value: (seminars ?? []).reduce((sum, c) => sum + (c.maxParticipants ?? DEFAULT_CAPACITY), 0) },
          { label: 'Upcoming Events', value: (seminars ?? []).filter((c) => c.startDate && Date.parse(c.startDate) > now).length },
        ]}
      />
      <MessageBar intent="info">
        <MessageBarBody>Live seminars move automatically to recorded seminars after their end date.</MessageBarBody>
      </MessageBar>
      <AdminList
        query={courses}
        what="seminars"
        label="Live seminars"
        rowKey={(c) => c.id}
        searchText={(c) => `${courseSearchText(c)} ${c.location ?? ''}`}
        searchLabel="Search seminars"
        empty={{
          title: 'No live seminars yet',
          action: (
            <ButtonLink to="/admin/live-seminars/create" appearance="primary">
              Create Live Seminar
            </ButtonLink>
          ),
        }}
        columns={[
          titleColumn('category'),
          codeColumn,
          instructorColumn('Instructor', 'TBD'),
          { id: 'location', header: 'Location', cell: (c) => c.location || 'Not set', sortValue: (c) => c.location },
          dateColumn(true),
          participantsColumn('Capacity', DEFAULT_CAPACITY),
          statusColumn,
          actionsColumn('seminar', (c) => navigate(`/admin/seminars/edit/${c.id}`), setPricing, setWaitlist),
        ]}
      />
      <PricingTiersDialog course={pricing} onClose={() => setPricing(null)} />
      <WaitlistDialog course={waitlist} onClose={() => setWaitlist(null)} />
    </AdminPage>
  );
}
