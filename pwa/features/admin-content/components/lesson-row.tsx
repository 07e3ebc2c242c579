/**
 * One lesson of the Content tab: its title, kind and state (a video's processing, a PDF attached),
 * Edit (opens the lesson's own part), Up and Down within its module, Delete after a confirmation.
 * The row is dragged (to another place or module) and takes a dropped lesson before itself.
 */
import { Badge, Button, Text } from '@fluentui/react-components';
import { useState, type DragEvent } from 'react';
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import type { Outline, OutlineLesson } from '../lib/content-outline';
import { videoStateText } from '../lib/media-files';
import { KIND_NAMES, type ContentActions } from '../hooks/use-content-actions';
import { LESSON_DRAG, NOT_SYNCED } from './content-marks';
import { useContentStyles } from './content-styles';
import { LessonDetails } from './lesson-details';

function stateOf(lesson: OutlineLesson): string | undefined {
  if (lesson.kind === 'video') return videoStateText(lesson.video);
  if (lesson.kind === 'document') return lesson.hasDocument ? 'PDF attached' : 'No PDF yet';
  return undefined;
}

export function LessonRow({
  courseId,
  lesson,
  first,
  last,
  outline,
  actions,
  canMove,
  onDropHere,
  onMoved,
  headingLevel,
}: {
  courseId: string;
  lesson: OutlineLesson;
  first: boolean;
  last: boolean;
  outline: Outline;
  actions: ContentActions;
  canMove: boolean;
  onDropHere: (lessonId: string) => void;
  onMoved: (focusId: string) => void;
  headingLevel: number;
}) {
  const styles = useContentStyles();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<OutlineLesson | null>(null);
  const confirm = useDialogSubject(deleting);
  const [over, setOver] = useState(false);
  const movable = canMove && !lesson.pending;
  const state = stateOf(lesson);
  const detailsId = `lesson-details-${lesson.id}`;

  const move = async (delta: -1 | 1) => {
    await actions.moveLesson(lesson, delta);
    onMoved(`lesson-${delta < 0 ? 'up' : 'down'}-${lesson.id}`);
  };
  const onDrop = (event: DragEvent) => {
    setOver(false);
    const dragged = event.dataTransfer.getData(LESSON_DRAG);
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    if (dragged !== lesson.id) onDropHere(dragged);
  };

  return (
    <li
      className={over ? `${styles.lesson} ${styles.dropTarget}` : styles.lesson}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(LESSON_DRAG) || !canMove) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-lesson-id={lesson.id}
    >
      <div
        className={styles.lessonLine}
        draggable={movable}
        onDragStart={(event) => {
          event.stopPropagation();
          event.dataTransfer.setData(LESSON_DRAG, lesson.id);
          event.dataTransfer.effectAllowed = 'move';
        }}
      >
        <span className={styles.lessonTitle}>
          {movable ? (
            <span className={styles.handle} aria-hidden="true">
              ⠿
            </span>
          ) : null}
          <Text weight="semibold">{lesson.title}</Text>
          <Badge appearance="tint" color="informative">
            {KIND_NAMES[lesson.kind]}
          </Badge>
          {state ? <Text className={styles.meta}>{state}</Text> : null}
          {lesson.pending || lesson.unsynced ? <Badge appearance="outline">{NOT_SYNCED}</Badge> : null}
        </span>
        <span className={styles.actions}>
          <Button
            size="small"
            disabled={lesson.pending}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
            aria-label={`Edit lesson ${lesson.title}`}
          >
            Edit
          </Button>
          <Button
            id={`lesson-up-${lesson.id}`}
            size="small"
            disabledFocusable={!movable || first}
            onClick={() => void move(-1)}
            aria-label={`Move lesson ${lesson.title} up`}
          >
            Up
          </Button>
          <Button
            id={`lesson-down-${lesson.id}`}
            size="small"
            disabledFocusable={!movable || last}
            onClick={() => void move(1)}
            aria-label={`Move lesson ${lesson.title} down`}
          >
            Down
          </Button>
          <Button size="small" disabled={lesson.pending} onClick={() => setDeleting(lesson)} aria-label={`Delete lesson ${lesson.title}`}>
            Delete
          </Button>
        </span>
      </div>
      {open && !lesson.pending ? (
        <LessonDetails id={detailsId} courseId={courseId} lesson={lesson} outline={outline} actions={actions} headingLevel={headingLevel} />
      ) : null}
      {confirm.mounted ? (
        <ConfirmDialog
          open={deleting !== null}
          title="Delete lesson"
          text={`Are you sure you want to delete "${confirm.shown?.title ?? ''}"? This action cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) void actions.deleteLesson(deleting);
            setDeleting(null);
          }}
        />
      ) : null}
    </li>
  );
}
