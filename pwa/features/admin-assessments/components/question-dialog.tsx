/**
 * "Add question" / "Edit question" (issue 31, point 1): the kind (Single choice, Multiple choice,
 * True or false), the question's text in the back office's rich-text editor (loaded on demand),
 * the options with the right ones marked, an explanation, and the assessment it belongs to (or
 * the course's bank). Checked with the contract's words before sending; kept as a draft on this
 * device while open; sent through the outbox. A refusal keeps the dialog open with the server's words.
 */
import { Field, MessageBar, MessageBarBody, Radio, RadioGroup, Select, Textarea } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { ASSESSMENT_LIMITS, QUESTION_KINDS, type AssessmentDto, type QuestionDto, type QuestionKind } from '@contracts/assessments';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { LazyRichTextEditor } from '@pwa/components/rich-text-editor/lazy-rich-text-editor';
import { assessmentWrites, useAssessmentWrite } from '../api/assessment-writes';
import { QUESTION_KIND_LABELS, optionsForKind, parseOptions, questionFormSchema, questionFormValues, toQuestionInput } from '../lib/question-form';
import { useAssessmentStyles } from './assessments-styles';
import { OptionEditor } from './option-editor';

interface Props {
  courseId: string;
  /** null: closed; 'new' to add; else the question to edit. */
  editing: QuestionDto | 'new' | null;
  assessments: AssessmentDto[];
  onClose: () => void;
}

export function QuestionDialog({ courseId, editing, assessments, onClose }: Props) {
  const { mounted, shown } = useDialogSubject(editing);
  if (!mounted) return null;
  const question = shown && shown !== 'new' ? shown : undefined;
  const id = question?.id ?? `${courseId}:new`;
  return (
    <FormDialog open={editing !== null} title={question ? 'Edit question' : 'Add question'} onClose={onClose}>
      {shown ? (
        <Drafted key={id} draftKey={`question:${id}`}>
          {(drafted) => <QuestionForm courseId={courseId} question={question} assessments={assessments} drafted={drafted} onDone={onClose} />}
        </Drafted>
      ) : null}
    </FormDialog>
  );
}

function QuestionForm({
  courseId,
  question,
  assessments,
  drafted,
  onDone,
}: {
  courseId: string;
  question?: QuestionDto;
  assessments: AssessmentDto[];
  drafted: DraftState;
  onDone: () => void;
}) {
  const styles = useAssessmentStyles();
  const write = useAssessmentWrite(courseId);
  const { form, draftSaved } = useDraftedForm(questionFormSchema, drafted, () => questionFormValues(question));
  const [refusal, setRefusal] = useState<string | undefined>();
  const firstOption = useRef<HTMLInputElement>(null);
  const kind = form.values.kind as QuestionKind;
  const options = parseOptions(form.values.options);
  const optionsRef = form.inputProps('options').ref;

  const submit = form.handleSubmit(
    async (values) => {
      const body = toQuestionInput(values);
      const writes = assessmentWrites(courseId);
      const outcome = await write(
        question ? writes.updateQuestion(question, body) : writes.addQuestion(body),
        question ? 'Question saved' : 'Question added',
        question ? 'The question could not be saved' : 'The question could not be added',
      );
      if (outcome.kind === 'refused') {
        setRefusal(outcome.message);
        return;
      }
      await draftSaved();
      onDone();
    },
    (errors) => {
      if (!errors.text && errors.options) firstOption.current?.focus();
    },
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <Field label="Kind" required>
        <RadioGroup
          layout="horizontal"
          value={kind}
          onChange={(_event, data) => {
            const next = data.value as QuestionKind;
            // Both at once (two setValue calls would each start from the same values).
            form.reset({ ...form.values, kind: next, options: JSON.stringify(optionsForKind(next, options, kind)) });
          }}
        >
          {QUESTION_KINDS.map((k) => (
            <Radio key={k} value={k} label={QUESTION_KIND_LABELS[k]} />
          ))}
        </RadioGroup>
      </Field>
      <div>
        <LazyRichTextEditor label="Question text" value={form.values.text} onChange={(html) => form.setValue('text', html)} />
        {form.errors.text ? (
          <span role="alert" className={styles.problem}>
            {form.errors.text}
          </span>
        ) : null}
      </div>
      <OptionEditor
        kind={kind}
        options={options}
        problem={form.errors.options}
        firstRef={(element) => {
          firstOption.current = element;
          optionsRef(element);
        }}
        onChange={(next) => form.setValue('options', JSON.stringify(next))}
      />
      <Field label="Explanation" hint="Shown with the right answer, when answers are shown." {...form.fieldProps('explanation')}>
        <Textarea {...form.inputProps('explanation')} resize="vertical" maxLength={ASSESSMENT_LIMITS.explanationMax} />
      </Field>
      <Field label="Belongs to" hint="An assessment's own question, or the course's bank (final exams draw from it).">
        <Select value={form.values.assessmentId} onChange={(_event, data) => form.setValue('assessmentId', data.value)}>
          <option value="">Course bank</option>
          {assessments.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </Select>
      </Field>
      {refusal ? (
        <MessageBar intent="error">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FormButtons submit={question ? 'Save question' : 'Add question'} busy={form.busy} cancel={onDone} />
    </form>
  );
}
