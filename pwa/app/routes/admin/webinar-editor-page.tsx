/** /admin/webinars/create and /admin/webinars/edit/:id: the full-screen webinar editor (outside the admin layout). */
import { useNavigate, useParams } from 'react-router-dom';
import { PageLoading } from '@pwa/components/page-loading';
import { LoadError } from '@pwa/components/load-error';
import { useStaffCourse } from '@pwa/features/admin-catalogue/api/get-staff-course';
import { WebinarEditor } from '@pwa/features/admin-catalogue/components/webinar-editor/webinar-editor';
import { attendanceTabs } from '@pwa/features/admin-attendance/components/attendance-tab';
import { assessmentsTabs } from '@pwa/features/admin-assessments/components/assessments-tab';
import { certificateTabs } from '@pwa/features/admin-certificates/components/certificate-tab';
import { CourseEditorTabs } from '@pwa/features/admin-content/components/course-editor-tabs';

export default function WebinarEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const course = useStaffCourse(id);
  const done = () => navigate('/admin/webinars');

  if (!id) return <WebinarEditor onDone={done} />;
  if (course.data) {
    return (
      <CourseEditorTabs
        key={course.data.id}
        courseId={course.data.id}
        headingLevel={1}
        padded
        more={[...assessmentsTabs(course.data, 1), ...certificateTabs(course.data, 1), ...attendanceTabs(course.data, 1)]}
      >
        <WebinarEditor course={course.data} onDone={done} />
      </CourseEditorTabs>
    );
  }
  return (
    <div>
      <h1>Edit Webinar</h1>
      {course.isError ? (
        <LoadError error={course.error} onRetry={() => course.refetch()} what="this webinar" />
      ) : (
        <PageLoading label="Loading the webinar..." />
      )}
    </div>
  );
}
