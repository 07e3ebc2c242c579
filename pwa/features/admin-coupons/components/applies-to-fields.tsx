/**
 * What a new coupon applies to: everything, or only what is chosen — course types (checkboxes),
 * courses (found by typing part of their title or code: a Fluent Combobox, operable from the
 * keyboard, each chosen course listed with "Remove") and memberships. Any mix of the three; at
 * least one.
 */
import { Button, Checkbox, Combobox, Field, Option, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { CourseSummary } from '@contracts/catalogue';
import { COURSE_TYPES } from '@contracts/course-types';
import { COURSE_TYPE_FILTER_LABELS } from '@pwa/catalogue/components/course-labels';
import type { ZodForm } from '@pwa/components/form/use-zod-form';
import { useCourseOptions } from '../api/get-course-options';
import { joinList, listOf, type CouponFormField } from '../lib/coupon-form';

type CouponForm = Pick<ZodForm<Record<CouponFormField, never>, unknown>, 'values' | 'errors' | 'setValue' | 'inputProps' | 'fieldProps'>;

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingLeft: tokens.spacingHorizontalL },
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  types: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))' },
  chosen: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  course: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

/** How many courses the list offers at once: typing narrows it. */
const SHOWN = 50;

export const courseLabel = (course: Pick<CourseSummary, 'title' | 'code' | 'isActive'>) =>
  `${course.title} (${course.code})${course.isActive ? '' : ', inactive'}`;

/** The courses whose title or code holds what is typed (any case), at most `SHOWN`, and how many more there are. */
export function matchingCourses(courses: readonly CourseSummary[], typed: string): { shown: CourseSummary[]; more: number } {
  const needle = typed.trim().toLowerCase();
  const found = needle ? courses.filter((c) => `${c.title} ${c.code}`.toLowerCase().includes(needle)) : courses;
  return { shown: found.slice(0, SHOWN), more: Math.max(0, found.length - SHOWN) };
}

function CoursePicker({ form }: { form: CouponForm }) {
  const styles = useStyles();
  const courses = useCourseOptions(true);
  const [typed, setTyped] = useState('');
  const chosen = listOf(form.values.courseIds);
  const byId = new Map((courses.data ?? []).map((course) => [course.id, course]));
  const { shown, more } = matchingCourses(courses.data ?? [], typed);
  const problem = form.errors.courseIds ?? (courses.isError ? 'The courses could not be loaded.' : undefined);
  const titleOf = (id: string) => (byId.get(id) ? courseLabel(byId.get(id)!) : id);
  let hint = 'Type part of a title or code, then pick the course.';
  if (courses.isPending) hint = 'Loading courses…';
  else if (more) hint = `${shown.length} of ${shown.length + more} shown: type to narrow.`;
  return (
    <>
      <Field label="Courses" hint={hint} validationState={problem ? 'error' : 'none'} validationMessage={problem}>
        <Combobox
          multiselect
          // The list stays inside the page's landmarks (a portal would leave it outside them).
          inlinePopup
          placeholder="Find a course by its title"
          value={typed}
          selectedOptions={chosen}
          ref={form.inputProps('courseIds').ref}
          onChange={(event) => setTyped(event.target.value)}
          onOptionSelect={(_event, data) => {
            form.setValue('courseIds', joinList(data.selectedOptions.filter(Boolean)));
            setTyped('');
          }}
        >
          {shown.map((course) => (
            <Option key={course.id} value={course.id}>
              {courseLabel(course)}
            </Option>
          ))}
          {courses.data && shown.length === 0 ? (
            <Option key="none" value="" disabled>
              No course matches
            </Option>
          ) : null}
        </Combobox>
      </Field>
      {chosen.length ? (
        <ul className={styles.chosen} aria-label="Chosen courses">
          {chosen.map((id) => (
            <li key={id} className={styles.course}>
              <Text>{titleOf(id)}</Text>
              <Button
                size="small"
                aria-label={`Remove ${titleOf(id)}`}
                onClick={() => form.setValue('courseIds', joinList(chosen.filter((other) => other !== id)))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function AppliesToFields({ form }: { form: CouponForm }) {
  const styles = useStyles();
  const types = listOf(form.values.types);
  const problem = form.errors.types;
  const setType = (type: string, on: boolean) => form.setValue('types', joinList(COURSE_TYPES.filter((t) => (t === type ? on : types.includes(t)))));
  const firstType = form.inputProps('types').ref;
  return (
    <>
      <Field label="Applies to">
        <RadioGroup value={form.values.appliesTo} onChange={(_event, data) => form.setValue('appliesTo', data.value)}>
          <Radio value="all" label="Everything" />
          <Radio value="chosen" label="Only the course types, courses or memberships chosen below" />
        </RadioGroup>
      </Field>
      {form.values.appliesTo === 'chosen' ? (
        <div className={styles.group}>
          <fieldset className={styles.fieldset} aria-describedby={problem ? 'coupon-applies-problem' : undefined}>
            <legend className={styles.legend}>Course types</legend>
            <div className={styles.types}>
              {COURSE_TYPES.map((type, i) => (
                <Checkbox
                  key={type}
                  ref={i === 0 ? firstType : undefined}
                  label={COURSE_TYPE_FILTER_LABELS[type]}
                  checked={types.includes(type)}
                  onChange={(_event, data) => setType(type, data.checked === true)}
                />
              ))}
            </div>
          </fieldset>
          <CoursePicker form={form} />
          <Checkbox
            label="Memberships"
            checked={form.values.memberships === 'yes'}
            onChange={(_event, data) => form.setValue('memberships', data.checked === true ? 'yes' : '')}
          />
          {problem ? (
            <Text id="coupon-applies-problem" role="alert" className={styles.problem}>
              {problem}
            </Text>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
