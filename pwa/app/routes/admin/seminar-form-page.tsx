/** /admin/live-seminars/create and /admin/seminars/edit/:id (back-office spec §2): the seminar form. */
import { useNavigate, useParams } from 'react-router-dom';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { PageLoading } from '@pwa/components/page-loading';
import { LoadError } from '@pwa/components/load-error';
import { useStaffCourse } from '@pwa/features/admin-catalogue/api/get-staff-course';
import { SeminarForm } from '@pwa/features/admin-catalogue/components/seminar-form';
import { attendanceTabs } from '@pwa/features/admin-attendance/components/attendance-tab';
import { assessmentsTabs } from '@pwa/features/admin-assessments/components/assessments-tab';
import { certificateTabs } from '@pwa/features/admin-certificates/components/certificate-tab';
import { CourseEditorTabs } from '@pwa/features/admin-content/components/course-editor-tabs';

export default function SeminarFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const course = useStaffCourse(id);
  const listPath = course.data?.type === 'recorded_seminar' ? '/admin/recorded-seminars' : '/admin/live-seminars';
  const back = { to: listPath, label: listPath === '/admin/live-seminars' ? 'Back to Seminars' : 'Back to Recorded Seminars' };

  if (!id) {
    return (
      <AdminPage title="Create Live Seminar" back={back}>
        <SeminarForm backTo={back.to} onSaved={() => navigate('/admin/live-seminars')} />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={course.data ? `Edit Seminar: ${course.data.title}` : 'Edit Seminar'} back={back}>
      {course.isPending ? <PageLoading label="Loading the seminar..." /> : null}
      {course.isError ? <LoadError error={course.error} onRetry={() => course.refetch()} what="this seminar" /> : null}
      {course.data ? (
        <CourseEditorTabs
          key={course.data.id}
          courseId={course.data.id}
          more={[...assessmentsTabs(course.data, 2), ...certificateTabs(course.data, 2), ...attendanceTabs(course.data, 2)]}
        >
          <SeminarForm course={course.data} backTo={back.to} onSaved={() => navigate(back.to)} />
        </CourseEditorTabs>
      ) : null}
    </AdminPage>
  );
}
