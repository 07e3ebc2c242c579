/** /admin/webinar-packs (back-office spec §2): stats (whole dollars), the table and the add/edit dialog. */
import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { CourseSummary } from '@contracts/catalogue';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDuration, formatMoney } from '@pwa/lib/format';
import { useStaffCourses } from '@pwa/features/admin-catalogue/api/get-staff-courses';
import { CourseDialog } from '@pwa/features/admin-catalogue/components/course-dialog';
import {
  actionsColumn,
  codeColumn,
  courseSearchText,
  instructorColumn,
  statusColumn,
  titleColumn,
} from '@pwa/features/admin-catalogue/components/course-columns';
import { PackForm } from '@pwa/features/admin-catalogue/components/pack-form';
import { CourseEditorTabs } from '@pwa/features/admin-content/components/course-editor-tabs';

const PACKS = { type: ['webinar'] as CourseSummary['type'][], category: 'pack' };
const wholeDollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

export default function WebinarPacksPage() {
  const courses = useStaffCourses(PACKS);
  const packs = courses.data;
  const [editing, setEditing] = useState<string | null>(null);
  const total = (packs ?? []).reduce((sum, c) => sum + Number(c.price), 0);
  const add = (label: string) => (
    <Button appearance="primary" onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <AdminPage title="Webinar Packs" description="Bundles of webinars sold at one price." actions={add('Add Webinar Pack')}>
      <StatCards
        loading={courses.isPending}
        items={[
          { label: 'Total Packs', value: packs?.length ?? 0 },
          { label: 'Avg Pack Price', value: wholeDollars(packs?.length ? total / packs.length : 0) },
          { label: 'Total Value', value: wholeDollars(total) },
        ]}
      />
      <AdminList
        query={courses}
        what="webinar packs"
        label="Webinar packs"
        rowKey={(c) => c.id}
        searchText={courseSearchText}
        searchLabel="Search webinar packs"
        empty={{ title: 'No webinar packs yet', action: add('Add Your First Webinar Pack') }}
        columns={[
          titleColumn('type'),
          codeColumn,
          instructorColumn('Lead Instructor', 'TBD'),
          {
            id: 'price',
            header: 'Price',
            cell: (c) => (
              <span>
                {formatMoney(c.price)} <Text size={200}>Bundle Savings</Text>
              </span>
            ),
            sortValue: (c) => Number(c.price),
          },
          { id: 'duration', header: 'Duration', cell: (c) => (c.duration ? formatDuration(c.duration) : 'Variable'), sortValue: (c) => c.duration },
          statusColumn,
          actionsColumn('pack', (c) => setEditing(c.id)),
        ]}
      />
      <CourseDialog editing={editing} title={(course) => (course ? `Edit Webinar Pack: ${course.title}` : 'Add Webinar Pack')} onClose={() => setEditing(null)}>
        {(course) => (
          <CourseEditorTabs key={course?.id ?? 'new'} courseId={course?.id} headingLevel={3}>
            <PackForm course={course} onDone={() => setEditing(null)} />
          </CourseEditorTabs>
        )}
      </CourseDialog>
    </AdminPage>
  );
}
