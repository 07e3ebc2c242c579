/**
 * /admin/instructors (linked from the admin area; its screen is not in the spec): the instructors
 * packs name as their lead — create, edit with photo, delete when no course names them (the
 * server refuses otherwise and says why).
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Instructor } from '@contracts/catalogue';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { DeleteDialog } from '@pwa/components/admin/confirm-dialog';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { AdminList } from '@pwa/components/admin/admin-list';
import { useInstructors } from '@pwa/catalogue/api/instructors';
import { useDeleteInstructor } from '@pwa/features/admin-catalogue/api/delete-instructor';
import { InstructorForm } from '@pwa/features/admin-catalogue/components/instructor-form';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS } });

export default function InstructorsPage() {
  const styles = useStyles();
  const instructors = useInstructors();
  const remove = useDeleteInstructor();
  const [editing, setEditing] = useState<Instructor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Instructor | null>(null);
  const form = useDialogSubject(editing);
  const add = (label: string) => (
    <Button appearance="primary" onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <AdminPage title="Instructors" description="The experts who teach; webinar packs name one as their lead instructor." actions={add('Add Instructor')}>
      <AdminList
        query={instructors}
        what="instructors"
        label="Instructors"
        rowKey={(i) => i.id}
        searchText={(i) => `${i.name} ${i.title ?? ''}`}
        searchLabel="Search instructors"
        empty={{ title: 'No instructors yet', action: add('Add Your First Instructor') }}
        columns={[
          { id: 'name', header: 'Name', cell: (i) => i.name, sortValue: (i) => i.name },
          { id: 'title', header: 'Title', cell: (i) => i.title ?? '', sortValue: (i) => i.title },
          {
            id: 'actions',
            header: 'Actions',
            shrink: true,
            cell: (i) => (
              <div className={styles.actions}>
                <Button size="small" appearance="subtle" aria-label={`Edit ${i.name}`} onClick={() => setEditing(i)}>
                  Edit
                </Button>
                <Button size="small" appearance="subtle" aria-label={`Delete ${i.name}`} onClick={() => setDeleting(i)}>
                  Delete
                </Button>
              </div>
            ),
          },
        ]}
      />
      {form.mounted ? (
        <FormDialog
          open={editing !== null}
          title={form.shown && form.shown !== 'new' ? `Edit Instructor: ${form.shown.name}` : 'Add Instructor'}
          onClose={() => setEditing(null)}
        >
          {form.shown ? (
            <InstructorForm
              key={form.shown === 'new' ? 'new' : form.shown.id}
              instructor={form.shown === 'new' ? undefined : form.shown}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </FormDialog>
      ) : null}
      <DeleteDialog
        what="instructor"
        subject={deleting}
        remove={remove}
        done="Instructor deleted successfully"
        failed="Failed to delete instructor"
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
