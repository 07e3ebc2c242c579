/**
 * The add/edit dialog of the recorded-course and webinar-pack screens (back-office spec §2): it
 * loads the whole course when editing (the table holds summaries) and hands it to the form.
 */
import type { ReactNode } from 'react';
import type { Course } from '@contracts/catalogue';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { LoadError } from '@pwa/components/load-error';
import { useStaffCourse } from '../api/get-staff-course';

/** `editing`: null closed, 'new' to add, else the id of the course to edit. */
export function CourseDialog({
  editing,
  title,
  onClose,
  children,
}: {
  editing: string | null;
  title: (course?: Course) => string;
  onClose: () => void;
  children: (course?: Course) => ReactNode;
}) {
  const { mounted, shown } = useDialogSubject(editing);
  const id = shown && shown !== 'new' ? shown : undefined;
  const course = useStaffCourse(id);
  if (!mounted) return null;
  let content: ReactNode;
  if (!id) content = children();
  else if (course.data) content = children(course.data);
  else if (course.isError) content = <LoadError error={course.error} onRetry={() => course.refetch()} what="this course" />;
  else content = null;
  return (
    // Opened once the course is here: a modal that opens without anything focusable in it never
    // takes the focus, and tabster then leaves it hidden from assistive technology.
    <FormDialog
      open={editing !== null && (!id || !!course.data || course.isError)}
      title={title(course.data && id ? course.data : undefined)}
      onClose={onClose}
    >
      {content}
    </FormDialog>
  );
}
