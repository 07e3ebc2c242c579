/**
 * A course row's actions (back-office spec §2): edit, manage pricing, the waitlist of a live course
 * with a capacity (issue 35), duplicate and delete, each an
 * icon button named after what it does and the course ("Delete GMP Basics"). Delete asks first,
 * with the spec's text; duplicate and delete show the spec's toasts.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { CourseSummary } from '@contracts/catalogue';
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useOpenedOnce } from '@pwa/components/admin/use-opened-once';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useDeleteCourse } from '../api/delete-course';
import { useDuplicateCourse } from '../api/duplicate-course';
import { COURSE_TOASTS, type ManagedKind } from '../lib/course-toasts';

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS } });

export interface CourseRowActionsProps {
  course: Pick<CourseSummary, 'id' | 'title'>;
  kind: ManagedKind;
  onEdit?: () => void;
  onPricing?: () => void;
  onWaitlist?: () => void;
  duplicate?: boolean;
}

export function CourseRowActions({ course, kind, onEdit, onPricing, onWaitlist, duplicate = true }: CourseRowActionsProps) {
  const styles = useStyles();
  const notify = useNotify();
  const remove = useDeleteCourse();
  const copy = useDuplicateCourse();
  const [confirming, setConfirming] = useState(false);
  const confirmMounted = useOpenedOnce(confirming);
  const toasts = COURSE_TOASTS[kind];

  const onDuplicate = () =>
    copy.mutate(course.id, {
      onSuccess: () => notify(success(toasts.duplicated)),
      onError: (error) => notify(failure(error, toasts.duplicateFailed)),
    });
  const onDelete = () =>
    remove.mutate(course.id, {
      onSuccess: () => {
        setConfirming(false);
        notify(success(toasts.deleted));
      },
      onError: (error) => {
        setConfirming(false);
        notify(failure(error, toasts.deleteFailed));
      },
    });

  // The visible word starts the accessible name, which also names the course ("Delete GMP Basics").
  const action = (text: string, onClick: () => void, disabled = false) => (
    <Button appearance="subtle" size="small" aria-label={`${text} ${course.title}`} onClick={onClick} disabled={disabled}>
      {text}
    </Button>
  );

  return (
    <div className={styles.row}>
      {onEdit ? action('Edit', onEdit) : null}
      {onPricing ? action('Pricing', onPricing) : null}
      {onWaitlist ? action('Waitlist', onWaitlist) : null}
      {duplicate ? action('Duplicate', onDuplicate, copy.isPending) : null}
      {action('Delete', () => setConfirming(true), remove.isPending)}
      {confirmMounted ? (
        <ConfirmDialog
          open={confirming}
          title="Delete course"
          text={`Are you sure you want to delete "${course.title}"? This action cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={onDelete}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
