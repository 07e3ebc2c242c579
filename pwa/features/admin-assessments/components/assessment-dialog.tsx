/**
 * "Add assessment" / "Edit assessment" (issue 31, point 2): title; kind — review questions after a
 * lesson (the lesson picked from the course's lessons) or the final exam (kept when editing, as the
 * server does); questions drawn (empty: all), pass mark, attempts (empty: unlimited), time limit
 * (empty: none), shuffling, and when answers are shown. Kept as a draft while open; sent through
 * the outbox; the server's refusal (400, 409) is said in the dialog, which stays open.
 */
import { Checkbox, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { ASSESSMENT_KINDS, SHOW_ANSWERS, type AssessmentDto } from '@contracts/assessments';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { assessmentWrites, useAssessmentWrite } from '../api/assessment-writes';
import type { LessonChoice } from '../api/get-lessons';
import {
  ASSESSMENT_KIND_LABELS,
  SHOW_ANSWERS_LABELS,
  assessmentFormSchema,
  assessmentFormValues,
  toCreateAssessment,
  toUpdateAssessment,
} from '../lib/assessment-form';
import { useAssessmentStyles } from './assessments-styles';

interface Props {
  courseId: string;
  /** null: closed; 'new' to add; else the assessment to edit. */
  editing: AssessmentDto | 'new' | null;
  lessons: LessonChoice[];
  onClose: () => void;
}

export function AssessmentDialog({ courseId, editing, lessons, onClose }: Props) {
  const { mounted, shown } = useDialogSubject(editing);
  if (!mounted) return null;
  const assessment = shown && shown !== 'new' ? shown : undefined;
  const id = assessment?.id ?? `${courseId}:new`;
  return (
    <FormDialog open={editing !== null} title={assessment ? `Edit assessment: ${assessment.title}` : 'Add assessment'} onClose={onClose}>
      {shown ? (
        <Drafted key={id} draftKey={`assessment:${id}`}>
          {(drafted) => <AssessmentForm courseId={courseId} assessment={assessment} lessons={lessons} drafted={drafted} onDone={onClose} />}
        </Drafted>
      ) : null}
    </FormDialog>
  );
}

function AssessmentForm({
  courseId,
  assessment,
  lessons,
  drafted,
  onDone,
}: {
  courseId: string;
  assessment?: AssessmentDto;
  lessons: LessonChoice[];
  drafted: DraftState;
  onDone: () => void;
}) {
  const styles = useAssessmentStyles();
  const write = useAssessmentWrite(courseId);
  const { form, draftSaved } = useDraftedForm(assessmentFormSchema, drafted, () => assessmentFormValues(assessment));
  const [refusal, setRefusal] = useState<string | undefined>();
  const review = form.values.kind === 'review';

  const submit = form.handleSubmit(async (values) => {
    const writes = assessmentWrites(courseId);
    const outcome = await write(
      assessment ? writes.updateAssessment(assessment, toUpdateAssessment(values)) : writes.addAssessment(toCreateAssessment(values)),
      assessment ? 'Assessment saved' : 'Assessment added',
      assessment ? 'The assessment could not be saved' : 'The assessment could not be added',
    );
    if (outcome.kind === 'refused') {
      setRefusal(outcome.message);
      return;
    }
    await draftSaved();
    onDone();
  });

  const flag = (name: 'shuffleQuestions' | 'shuffleOptions', label: string) => (
    <Checkbox label={label} checked={form.values[name] === 'true'} onChange={(_event, data) => form.setValue(name, data.checked === true ? 'true' : '')} />
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <FormField form={form} name="title" label="Title" required autoComplete="off" />
      <Field label="Kind" required hint={assessment ? 'The kind of an assessment stays as it was created.' : undefined}>
        <RadioGroup value={form.values.kind} disabled={!!assessment} onChange={(_event, data) => form.setValue('kind', data.value)}>
          {ASSESSMENT_KINDS.map((k) => (
            <Radio key={k} value={k} label={ASSESSMENT_KIND_LABELS[k]} />
          ))}
        </RadioGroup>
      </Field>
      {review ? (
        <Field label="Lesson" required {...form.fieldProps('lessonId')}>
          <Select
            value={form.values.lessonId}
            onChange={(_event, data) => form.setValue('lessonId', data.value)}
            ref={form.inputProps('lessonId').ref as (element: HTMLSelectElement | null) => void}
          >
            <option value="">Choose a lesson</option>
            {lessons.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <div className={styles.row}>
        <FormField form={form} name="drawCount" label="Questions drawn" hint="Empty: all questions" inputMode="numeric" />
        <FormField form={form} name="passMarkPercent" label="Pass mark (%)" required inputMode="numeric" />
        <FormField form={form} name="maxAttempts" label="Attempts" hint="Empty: unlimited" inputMode="numeric" />
        <FormField form={form} name="timeLimitMinutes" label="Time limit (minutes)" hint="Empty: no limit" inputMode="numeric" />
      </div>
      <div className={styles.actions}>
        {flag('shuffleQuestions', 'Shuffle questions')}
        {flag('shuffleOptions', 'Shuffle options')}
      </div>
      <Field label="Show answers">
        <Select value={form.values.showAnswers} onChange={(_event, data) => form.setValue('showAnswers', data.value)}>
          {SHOW_ANSWERS.map((s) => (
            <option key={s} value={s}>
              {SHOW_ANSWERS_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      {refusal ? (
        <MessageBar intent="error">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FormButtons submit={assessment ? 'Save assessment' : 'Add assessment'} busy={form.busy} cancel={onDone} />
    </form>
  );
}
