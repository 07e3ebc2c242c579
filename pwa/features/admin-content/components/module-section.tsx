/**
 * One module of the Content tab (or the lessons outside any module, under "Lessons"): its title
 * with Rename, Up, Down and Delete (after a confirmation: its lessons stay in the course), and its
 * lessons. A module is dragged by its header and dropped on another; a lesson dropped on the
 * module (not on a row) goes last in it.
 */
import { Badge, Button } from '@fluentui/react-components';
import { useState, type DragEvent } from 'react';
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import type { Outline, OutlineGroup, OutlineModule } from '../lib/content-outline';
import type { ContentActions } from '../hooks/use-content-actions';
import { LESSON_DRAG, MODULE_DRAG, NOT_SYNCED } from './content-marks';
import { headingTag, useContentStyles } from './content-styles';
import { InlineRename } from './inline-rename';
import { LessonRow } from './lesson-row';

export interface DragHandlers {
  lessonsCanMove: boolean;
  modulesCanMove: boolean;
  /** A lesson dropped in `group`, before the row `targetId` (none: last). */
  dropLesson(lessonId: string, group: OutlineGroup, targetId?: string): void;
  dropModule(moduleId: string, target: OutlineGroup): void;
}

export function ModuleSection({
  courseId,
  group,
  outline,
  actions,
  drag,
  headingLevel,
  onMoved,
}: {
  courseId: string;
  group: OutlineGroup;
  outline: Outline;
  actions: ContentActions;
  drag: DragHandlers;
  headingLevel: number;
  onMoved: (focusId: string) => void;
}) {
  const styles = useContentStyles();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState<OutlineModule | null>(null);
  const confirm = useDialogSubject(deleting);
  const [over, setOver] = useState(false);
  const module = group.id === null ? undefined : outline.modules.find((m) => m.id === group.id);
  const index = module ? outline.modules.indexOf(module) : -1;
  const Heading = headingTag(headingLevel);
  const headingId = `module-${group.id ?? 'loose'}`;
  const fixed = !module || module.pending;

  const accepts = (event: DragEvent) =>
    (event.dataTransfer.types.includes(LESSON_DRAG) && drag.lessonsCanMove) ||
    (event.dataTransfer.types.includes(MODULE_DRAG) && !!module && drag.modulesCanMove);
  const onDrop = (event: DragEvent) => {
    setOver(false);
    const lessonId = event.dataTransfer.getData(LESSON_DRAG);
    const moduleId = event.dataTransfer.getData(MODULE_DRAG);
    if (!lessonId && !moduleId) return;
    event.preventDefault();
    if (lessonId) drag.dropLesson(lessonId, group);
    else drag.dropModule(moduleId, group);
  };
  const move = async (delta: -1 | 1) => {
    if (!module) return;
    await actions.moveModule(module, delta);
    onMoved(`module-${delta < 0 ? 'up' : 'down'}-${module.id}`);
  };

  return (
    <li
      className={over ? `${styles.group} ${styles.dropTarget}` : styles.group}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div
        className={styles.groupHeader}
        draggable={!fixed && drag.modulesCanMove}
        onDragStart={(event) => {
          if (!module) return;
          event.dataTransfer.setData(MODULE_DRAG, module.id);
          event.dataTransfer.effectAllowed = 'move';
        }}
      >
        <Heading id={headingId} className={styles.groupTitle}>
          {module && !fixed ? (
            <span className={styles.handle} aria-hidden="true">
              ⠿
            </span>
          ) : null}
          {group.title}
          {group.pending || group.unsynced ? <Badge appearance="outline">{NOT_SYNCED}</Badge> : null}
        </Heading>
        {module && !renaming ? (
          <div className={styles.actions}>
            <Button size="small" disabled={module.pending} onClick={() => setRenaming(true)} aria-label={`Rename module ${module.title}`}>
              Rename
            </Button>
            <Button
              id={`module-up-${module.id}`}
              size="small"
              disabledFocusable={fixed || !drag.modulesCanMove || index <= 0}
              onClick={() => void move(-1)}
              aria-label={`Move module ${module.title} up`}
            >
              Up
            </Button>
            <Button
              id={`module-down-${module.id}`}
              size="small"
              disabledFocusable={fixed || !drag.modulesCanMove || index >= outline.modules.length - 1}
              onClick={() => void move(1)}
              aria-label={`Move module ${module.title} down`}
            >
              Down
            </Button>
            <Button size="small" disabled={module.pending} onClick={() => setDeleting(module)} aria-label={`Delete module ${module.title}`}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {renaming && module ? (
        <InlineRename
          label={`New title of module ${module.title}`}
          value={module.title}
          onCancel={() => setRenaming(false)}
          onSave={async (title) => {
            if (await actions.renameModule(module, title)) setRenaming(false);
          }}
        />
      ) : null}
      {group.lessons.length ? (
        <ol className={styles.lessons} aria-labelledby={headingId}>
          {group.lessons.map((lesson, i) => (
            <LessonRow
              key={lesson.id}
              courseId={courseId}
              lesson={lesson}
              first={i === 0}
              last={i === group.lessons.length - 1}
              outline={outline}
              actions={actions}
              canMove={drag.lessonsCanMove}
              onDropHere={(lessonId) => drag.dropLesson(lessonId, group, lesson.id)}
              onMoved={onMoved}
              headingLevel={headingLevel + 1}
            />
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>No lessons in this module yet.</p>
      )}
      {confirm.mounted ? (
        <ConfirmDialog
          open={deleting !== null}
          title="Delete module"
          text={`Delete the module "${confirm.shown?.title ?? ''}"? Its lessons stay in the course, outside any module.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) void actions.deleteModule(deleting);
            setDeleting(null);
          }}
        />
      ) : null}
    </li>
  );
}
