/**
 * A lesson opened in the Content tab: its title, the module it is in (moving it there), and its
 * kind's own part — the video (upload, state, captions), the PDF, or the text — and, for the
 * material a tier can promise (a PDF, a video's transcript), the tiers whose buyers get it.
 */
import { Field, Select } from '@fluentui/react-components';
import type { Outline, OutlineLesson } from '../lib/content-outline';
import type { ContentActions } from '../hooks/use-content-actions';
import { CaptionsForm } from './captions-form';
import { useContentStyles } from './content-styles';
import { DocumentPanel } from './document-panel';
import { InlineRename } from './inline-rename';
import { MaterialTiers } from './material-tiers';
import { TextBodyEditor } from './text-body-editor';
import { VideoPanel } from './video-panel';

const NO_MODULE = '';

export function LessonDetails({
  id,
  courseId,
  lesson,
  outline,
  actions,
  headingLevel,
}: {
  id: string;
  courseId: string;
  lesson: OutlineLesson;
  outline: Outline;
  actions: ContentActions;
  headingLevel: number;
}) {
  const styles = useContentStyles();
  const modules = outline.modules.filter((m) => !m.pending);
  const inModule = modules.some((m) => m.id === lesson.moduleId) ? lesson.moduleId! : NO_MODULE;
  const canMove = !outline.lessons.some((l) => l.pending);
  return (
    <div id={id} className={styles.details} role="group" aria-label={`Lesson ${lesson.title}`}>
      <InlineRename
        key={lesson.title}
        label="Lesson title"
        value={lesson.title}
        focusOnOpen={false}
        onCancel={() => undefined}
        onSave={async (title) => {
          if (title !== lesson.title) await actions.updateLesson(lesson, { title }, 'Rename lesson', `Lesson renamed to “${title}”.`);
        }}
      />
      <Field label="Module" hint={canMove ? undefined : 'Moving waits until the new lessons are synced.'}>
        <Select
          value={inModule}
          disabled={!canMove}
          onChange={(_event, data) => void actions.placeLesson(lesson, data.value === NO_MODULE ? null : data.value)}
        >
          <option value={NO_MODULE}>No module</option>
          {modules.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </Select>
      </Field>
      {lesson.kind === 'video' ? <VideoPanel lesson={lesson} actions={actions} headingLevel={headingLevel} /> : null}
      {lesson.kind === 'video' ? <CaptionsForm lesson={lesson} actions={actions} headingLevel={headingLevel} /> : null}
      {lesson.kind === 'document' ? <DocumentPanel courseId={courseId} lesson={lesson} headingLevel={headingLevel} /> : null}
      {lesson.kind === 'text' ? <TextBodyEditor lesson={lesson} actions={actions} /> : null}
      {lesson.kind !== 'text' ? <MaterialTiers courseId={courseId} lesson={lesson} actions={actions} /> : null}
    </div>
  );
}
