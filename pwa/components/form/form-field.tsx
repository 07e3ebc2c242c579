/**
 * A labelled text input bound to a `useZodForm` field: Fluent's `Field` (label, required mark,
 * hint, the schema's message) around an `Input` carrying the form's value, change handler and
 * focus ref. Other props go to the `Input` and win over the form's (e.g. an `onChange` that
 * filters what is typed and then calls `form.setValue`).
 *
 *   <FormField form={form} name="email" label="Email" required type="email" autoComplete="email" />
 */
import { Field, Input, type InputProps } from '@fluentui/react-components';
import type { ZodForm } from './use-zod-form';

type BoundForm<N extends string> = Pick<ZodForm<Record<N, never>, unknown>, 'fieldProps' | 'inputProps'>;

export type FormFieldProps<N extends string> = Omit<InputProps, 'name' | 'form'> & {
  form: BoundForm<N>;
  name: N;
  label: string;
  required?: boolean;
  hint?: string;
};

export function FormField<N extends string>({ form, name, label, required, hint, ...input }: FormFieldProps<N>) {
  return (
    <Field label={label} required={required} hint={hint} {...form.fieldProps(name)}>
      <Input {...form.inputProps(name)} {...input} />
    </Field>
  );
}
