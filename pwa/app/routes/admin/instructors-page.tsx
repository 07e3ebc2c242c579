/**
 * /admin/instructors (linked from the admin area; its screen is not in the spec): the instructors
 * packs name as their lead — create, edit with photo, delete when no course names them (the
 * server refuses otherwise and says why).
 */
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Instructor } from '@contracts/catalogue';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { DataTable } from '@pwa/components/data-table/data-table';
import { useInstructors } from '@pwa/catalogue/api/instructors';
import { EmptyState } from '@pwa/catalogue/components/empty-state';
import { LoadError } from '@pwa/catalogue/components/load-error';
import { useNotify } from '@pwa/lib/notify';
import { useDeleteInstructor } from '@pwa/features/admin-catalogue/api/delete-instructor';
import { InstructorForm } from '@pwa/features/admin-catalogue/components/instructor-form';
import { failure, success } from '@pwa/features/admin-catalogue/lib/course-toasts';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS } });

export default function InstructorsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const instructors = useInstructors();
  const remove = useDeleteInstructor();
  const [editing, setEditing] = useState<Instructor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Instructor | null>(null);
  const form = useDialogSubject(editing);
  const confirm = useDialogSubject(deleting);
  const add = (label: string) => (
    <Button appearance="primary" onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <AdminPage title="Instructors" description="The experts who teach; webinar packs name one as their lead instructor." actions={add('Add Instructor')}>
      {instructors.isError ? (
        <LoadError error={instructors.error} onRetry={() => instructors.refetch()} what="instructors" />
      ) : (
        <DataTable
          label="Instructors"
          rows={instructors.data}
          loading={instructors.isPending}
          rowKey={(i) => i.id}
          searchText={(i) => `${i.name} ${i.title ?? ''}`}
          searchLabel="Search instructors"
          empty={<EmptyState title="No instructors yet" action={add('Add Your First Instructor')} />}
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
      )}
      {form.mounted ? (
        <Dialog open={editing !== null} onOpenChange={(_event, data) => (data.open ? undefined : setEditing(null))}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{form.shown && form.shown !== 'new' ? `Edit Instructor: ${form.shown.name}` : 'Add Instructor'}</DialogTitle>
            <DialogContent>
              {form.shown ? <InstructorForm key={form.shown === 'new' ? 'new' : form.shown.id} instructor={form.shown === 'new' ? undefined : form.shown} onDone={() => setEditing(null)} /> : null}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      ) : null}
      {confirm.mounted ? (
        <ConfirmDialog
          open={deleting !== null}
        title="Delete instructor"
        text={`Are you sure you want to delete "${confirm.shown?.name ?? ''}"? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notify(success('Instructor deleted successfully')),
            onError: (error) => notify(failure(error, 'Failed to delete instructor')),
            onSettled: () => setDeleting(null),
          })
        }
      />
      ) : null}
    </AdminPage>
  );
}
