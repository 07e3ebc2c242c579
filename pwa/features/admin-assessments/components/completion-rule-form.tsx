/**
 * The course's completion rule (issue 31, point 4): any combination of videos watched at least X %
 * (each video, or in total), the final exam passed, attended at least N minutes, credits at least
 * N, checked in. Says "Default for this course type" while staff have set none. No condition
 * chosen is refused with the contract's words; saved through the outbox (PUT …/completion-rule).
 * A rule changed later applies to people not complete yet (the server records who changed it).
 */
import { Button, Checkbox, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormField } from '@pwa/components/form/form-field';
import { LoadError } from '@pwa/components/load-error';
import { PageLoading } from '@pwa/components/page-loading';
import { assessmentWrites, useCompletionRuleWrite } from '../api/assessment-writes';
import { useCompletionRule, type CompletionRuleAnswer } from '../api/get-completion-rule';
import { completionFormSchema, completionFormValues, describeRule, toCompletionRule, type CompletionFormValues } from '../lib/completion-form';
import { headingTag, useAssessmentStyles } from './assessments-styles';

export function CompletionRuleSection({ courseId, headingLevel }: { courseId: string; headingLevel: number }) {
  const styles = useAssessmentStyles();
  const rule = useCompletionRule(courseId);
  const Heading = headingTag(headingLevel);
  return (
    <section className={styles.panel} aria-labelledby={`completion-rule-${courseId}`}>
      <Heading id={`completion-rule-${courseId}`} className={styles.panelTitle}>
        Completion rule
      </Heading>
      <p className={styles.intro}>When the course counts as completed for a learner. A change applies to people who have not completed it yet.</p>
      {rule.isError && !rule.data ? <LoadError error={rule.error} onRetry={() => rule.refetch()} what="the completion rule" /> : null}
      {rule.isPending ? <PageLoading label="Loading the completion rule..." /> : null}
      {rule.data ? (
        <>
          <MessageBar intent="info">
            <MessageBarBody>
              {rule.data.isDefault ? 'Default for this course type: ' : 'Set for this course: '}
              {describeRule(rule.data.rule)}.
            </MessageBarBody>
          </MessageBar>
          {/* Starts afresh from the server's rule when it changes (a save, a default that now includes the final exam). */}
          <Drafted key={JSON.stringify(rule.data)} draftKey={`completion-rule:${courseId}`}>
            {(drafted) => <RuleForm courseId={courseId} answer={rule.data} drafted={drafted} />}
          </Drafted>
        </>
      ) : null}
    </section>
  );
}

function RuleForm({ courseId, answer, drafted }: { courseId: string; answer: CompletionRuleAnswer; drafted: DraftState }) {
  const styles = useAssessmentStyles();
  const write = useCompletionRuleWrite(courseId);
  const { form, draftSaved } = useDraftedForm(completionFormSchema, drafted, () => completionFormValues(answer.rule));
  const on = (name: keyof CompletionFormValues) => form.values[name] === 'true';
  const toggle = (name: keyof CompletionFormValues, label: string, extra?: ReactNode) => (
    <div className={styles.condition}>
      <Checkbox label={label} checked={on(name)} onChange={(_event, data) => form.setValue(name, data.checked === true ? 'true' : '')} />
      {on(name) ? extra : null}
    </div>
  );

  const submit = form.handleSubmit(async (values) => {
    const outcome = await write(
      assessmentWrites(courseId).completionRule(toCompletionRule(values)),
      'Completion rule saved',
      'The completion rule could not be saved',
    );
    if (outcome.kind !== 'refused') await draftSaved();
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Completion rule">
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Complete when all of these hold</legend>
        {toggle(
          'watched',
          'Videos watched',
          <>
            <FormField form={form} name="minWatchedPercent" label="At least (%)" required inputMode="numeric" />
            <Field label="Counted">
              <RadioGroup layout="horizontal" value={form.values.watchedScope} onChange={(_event, data) => form.setValue('watchedScope', data.value)}>
                <Radio value="each" label="Each video" />
                <Radio value="total" label="In total" />
              </RadioGroup>
            </Field>
          </>,
        )}
        {toggle('finalExamPassed', 'Final exam passed')}
        {toggle('attendance', 'Attended live', <FormField form={form} name="minAttendanceMinutes" label="At least (minutes)" required inputMode="numeric" />)}
        {toggle('credits', 'Credits earned', <FormField form={form} name="minCredits" label="At least (credits)" required inputMode="decimal" />)}
        {toggle('checkInRequired', 'Checked in (in person)')}
        {form.errors.watched ? (
          <Text role="alert" className={styles.problem}>
            {form.errors.watched}
          </Text>
        ) : null}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          Save completion rule
        </Button>
      </div>
    </form>
  );
}
