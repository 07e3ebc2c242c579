/** /admin/recorded-courses (back-office spec §2): stats, the table (category under the title), add/edit and pricing dialogs. */
import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import type { CourseSummary } from '@contracts/catalogue';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { AdminList } from '@pwa/components/admin/admin-list';
import { useStaffCourses } from '@pwa/features/admin-catalogue/api/get-staff-courses';
import { CourseDialog } from '@pwa/features/admin-catalogue/components/course-dialog';
import { countActive, courseSearchText, pricedCourseColumns, sumCapacity } from '@pwa/features/admin-catalogue/components/course-columns';
import { PricingTiersDialog } from '@pwa/features/admin-catalogue/components/pricing-tiers-dialog';
import { RecordedCourseForm } from '@pwa/features/admin-catalogue/components/recorded-course-form';
import { assessmentsTabs } from '@pwa/features/admin-assessments/components/assessments-tab';
import { certificateTabs } from '@pwa/features/admin-certificates/components/certificate-tab';
import { CourseEditorTabs } from '@pwa/features/admin-content/components/course-editor-tabs';

const RECORDED = { type: ['recorded_course'] as CourseSummary['type'][] };

export default function RecordedCoursesPage() {
  const courses = useStaffCourses(RECORDED);
  const [editing, setEditing] = useState<string | null>(null);
  const [pricing, setPricing] = useState<CourseSummary | null>(null);
  const add = (label: string) => (
    <Button appearance="primary" onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <AdminPage title="Recorded Courses" description="On-demand recordings: their content, instructor and pricing." actions={add('Add Recorded Course')}>
      <StatCards
        loading={courses.isPending}
        items={[
          { label: 'Total Courses', value: courses.data?.length ?? 0 },
          { label: 'Total Capacity', value: sumCapacity(courses.data) },
          { label: 'Active Courses', value: countActive(courses.data) },
        ]}
      />
      <AdminList
        query={courses}
        what="recorded courses"
        label="Recorded courses"
        rowKey={(c) => c.id}
        searchText={courseSearchText}
        searchLabel="Search recorded courses"
        empty={{ title: 'No recorded courses yet', action: add('Add Your First Recorded Course') }}
        columns={pricedCourseColumns({ sub: 'category', kind: 'recordedCourse', onEdit: (c) => setEditing(c.id), onPricing: setPricing })}
      />
      <CourseDialog
        editing={editing}
        title={(course) => (course ? `Edit Recorded Course: ${course.title}` : 'Add Recorded Course')}
        onClose={() => setEditing(null)}
      >
        {(course) => (
          <CourseEditorTabs
            key={course?.id ?? 'new'}
            courseId={course?.id}
            headingLevel={3}
            more={course ? [...assessmentsTabs(course, 3), ...certificateTabs(course, 3)] : []}
          >
            <RecordedCourseForm course={course} onDone={() => setEditing(null)} />
          </CourseEditorTabs>
        )}
      </CourseDialog>
      <PricingTiersDialog course={pricing} onClose={() => setPricing(null)} />
    </AdminPage>
  );
}
