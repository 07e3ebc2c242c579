/**
 * The add/edit dialog of the recorded-course and webinar-pack screens (back-office spec §2): it
 * loads the whole course when editing (the table holds summaries) and hands it to the form.
 */
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Course } from '@contracts/catalogue';
import { LoadError } from '@pwa/catalogue/components/load-error';
import { useStaffCourse } from '../api/get-staff-course';

/** `editing`: null closed, 'new' to add, else the id of the course to edit. */
export function CourseDialog(props: { editing: string | null; title: (course?: Course) => string; onClose: () => void; children: (course?: Course) => ReactNode }) {
  // Mounted only while open: a mounted modal adds focus sentinels to the page.
  return props.editing === null ? null : <OpenCourseDialog {...props} />;
}

function OpenCourseDialog({ editing, title, onClose, children }: { editing: string | null; title: (course?: Course) => string; onClose: () => void; children: (course?: Course) => ReactNode }) {
  const id = editing && editing !== 'new' ? editing : undefined;
  const course = useStaffCourse(id);
  let content: ReactNode;
  if (!id) content = children();
  else if (course.data) content = children(course.data);
  else if (course.isError) content = <LoadError error={course.error} onRetry={() => course.refetch()} what="this course" />;
  else content = <Spinner size="small" label="Loading..." />;
  return (
    <Dialog open={editing !== null} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title(course.data && id ? course.data : undefined)}</DialogTitle>
          <DialogContent>{content}</DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
