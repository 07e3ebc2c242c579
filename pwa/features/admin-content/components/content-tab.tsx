/**
 * The "Content" tab of a course editor (issue 29, point 2): the course's modules and lessons as
 * staff see them (GET /api/courses/:id/lessons), to add, rename, delete, move between modules and
 * reorder — by dragging, or from the keyboard with each row's Up and Down buttons (the move is
 * announced, and the focus stays on the button pressed). Each lesson opens to its own part: the
 * video upload and its state, the PDF, the text, captions and the tiers its material is for. Above
 * them, the course's "No skipping ahead". Every change goes through the outbox: offline it waits
 * on this device, shown "Not synced yet".
 */
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadError } from '@pwa/components/load-error';
import { repeatAfter } from '@pwa/lib/repeat';
import { contentKeys } from '../api/content-keys';
import { useCourseOutline } from '../api/get-course-outline';
import { groupsOf, type OutlineGroup } from '../lib/content-outline';
import { videoInProgress } from '../lib/media-files';
import { useContentActions } from '../hooks/use-content-actions';
import { AddLessonForm, AddModuleForm } from './add-forms';
import { headingTag, useContentStyles, type HeadingLevel } from './content-styles';
import { ModuleSection, type DragHandlers } from './module-section';
import { NoSkippingSwitch } from './no-skipping-switch';

/** How often the state of a video being processed is read again. */
const VIDEO_POLL_MS = 3_000;

export interface ContentTabProps {
  courseId: string;
  /** The level of the tab's heading (2 on a page whose h1 is the editor's, 3 inside a dialog). */
  headingLevel?: HeadingLevel;
}

export function ContentTab({ courseId, headingLevel = 2 }: ContentTabProps) {
  const styles = useContentStyles();
  const queryClient = useQueryClient();
  const { query, outline, waiting } = useCourseOutline(courseId);
  const actions = useContentActions(courseId, outline);
  const [focusId, setFocusId] = useState<string | null>(null);
  const Heading = headingTag(headingLevel);
  const groups = outline ? groupsOf(outline) : [];
  const processing = outline?.lessons.some((l) => l.kind === 'video' && videoInProgress(l.video)) ?? false;

  // While a video is queued or processing, its state is read again every few seconds.
  useEffect(() => {
    if (!processing) return undefined;
    let first = true;
    return repeatAfter(VIDEO_POLL_MS, () => {
      if (first) return (first = false);
      return queryClient.invalidateQueries({ queryKey: contentKeys.outline(courseId) });
    });
  }, [processing, queryClient, courseId]);

  // After a keyboard move the row is elsewhere: the button pressed keeps the focus.
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId, outline]);

  const lessonsCanMove = !!outline && !outline.lessons.some((l) => l.pending);
  const modulesCanMove = !!outline && !outline.modules.some((m) => m.pending);
  const drag: DragHandlers = {
    lessonsCanMove,
    modulesCanMove,
    dropLesson: (lessonId, group, targetId) => {
      const lesson = outline?.lessons.find((l) => l.id === lessonId);
      if (!lesson || !lessonsCanMove) return;
      let beforeId = targetId;
      const from = group.lessons.findIndex((l) => l.id === lessonId);
      const to = targetId ? group.lessons.findIndex((l) => l.id === targetId) : -1;
      // Dragged down within its module: it lands after the row it was dropped on.
      if (from >= 0 && to > from) beforeId = group.lessons[to + 1]?.id;
      void actions.placeLesson(lesson, group.id, beforeId);
    },
    dropModule: (moduleId, target: OutlineGroup) => {
      const modules = outline?.modules ?? [];
      const module = modules.find((m) => m.id === moduleId);
      if (!module || !modulesCanMove || target.id === null) return;
      const from = modules.indexOf(module);
      const to = modules.findIndex((m) => m.id === target.id);
      void actions.dropModule(module, from < to ? modules[to + 1]?.id : (target.id ?? undefined));
    },
  };

  return (
    <section className={styles.tab} aria-labelledby={`content-${courseId}`}>
      <Heading id={`content-${courseId}`} className={styles.heading}>
        Course Content
      </Heading>
      <p className={styles.intro}>
        Modules and lessons, in the order learners see them. Changes are saved as you make them; drag a row, or use its Up and Down buttons, to reorder.
      </p>
      <div role="status" aria-live="polite" className={styles.srOnly}>
        {actions.announcement}
      </div>
      {waiting > 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            {waiting === 1 ? '1 change is' : `${waiting} changes are`} saved on this device and not synced yet: they are sent in order when the connection is
            back.
            {!lessonsCanMove || !modulesCanMove ? ' Reordering waits until the new modules and lessons are synced.' : ''}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {query.isPending ? <Spinner size="small" label="Loading the course content..." /> : null}
      {query.isError && !outline ? <LoadError error={query.error} onRetry={() => query.refetch()} what="the course content" /> : null}
      {outline ? (
        <>
          <NoSkippingSwitch courseId={courseId} outline={outline} actions={actions} />
          <AddModuleForm onAdd={actions.addModule} />
          <AddLessonForm modules={outline.modules} onAdd={actions.addLesson} />
          {groups.length === 0 ? <p className={styles.empty}>No modules or lessons yet. Add a module, then its lessons.</p> : null}
          <ul className={styles.groups} aria-label="Modules">
            {groups.map((group) => (
              <ModuleSection
                key={group.id ?? 'loose'}
                courseId={courseId}
                group={group}
                outline={outline}
                actions={actions}
                drag={drag}
                headingLevel={headingLevel + 1}
                onMoved={setFocusId}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
