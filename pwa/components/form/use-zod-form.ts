/**
 * The one way to build a form: values, per-field errors from the contract's zod schema (the same
 * schema the server parses, so messages come from contracts only), focus on the first invalid
 * field, re-validation on change after the first attempt, and a busy flag while it submits.
 *
 *   const form = useZodForm(schema, { name: '', email: '' });
 *   <form onSubmit={form.handleSubmit(async (data) => …)} noValidate>
 *     <Field label="Name" required {...form.fieldProps('name')}><Input {...form.inputProps('name')} /></Field>
 */
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

type Shape = Record<string, z.ZodType>;
type Values<S extends Shape> = { [K in keyof S]: string };
export type FieldErrors<S extends Shape> = Partial<Record<keyof S, string>>;

export interface ZodForm<S extends Shape, Out> {
  values: Values<S>;
  errors: FieldErrors<S>;
  busy: boolean;
  setValue(name: keyof S, value: string): void;
  /** Props for Fluent's Field: its validation state and message. */
  fieldProps(name: keyof S): { validationState: 'error' | 'none'; validationMessage: string | undefined };
  /** Props for Fluent's Input/Textarea: name, value, change handler and a ref for focusing. */
  inputProps(name: keyof S): {
    name: string;
    value: string;
    onChange: (event: unknown, data: { value: string }) => void;
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  };
  /** `onInvalid` runs after the errors are shown and the first invalid field is focused (e.g. a summary toast). */
  handleSubmit(onValid: (data: Out) => unknown, onInvalid?: (errors: FieldErrors<S>) => void): (event?: FormEvent) => Promise<void>;
  reset(next?: Partial<Values<S>>): void;
}

/** First message per field, in the schema's field order. */
export function fieldErrors<S extends Shape>(schema: z.ZodObject<S>, values: Record<string, string>): FieldErrors<S> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<S> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as keyof S | undefined;
    if (name !== undefined && errors[name] === undefined) errors[name] = issue.message;
  }
  return errors;
}

export function useZodForm<S extends Shape>(schema: z.ZodObject<S>, initial: Values<S>): ZodForm<S, z.output<z.ZodObject<S>>> {
  const [values, setValues] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors<S>>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const elements = useRef<Partial<Record<keyof S, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const busyRef = useRef(false);
  const order = Object.keys(schema.shape) as Array<keyof S>;

  const setValue = (name: keyof S, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (attempted) setErrors(fieldErrors(schema, next));
  };

  const handleSubmit =
    (onValid: (data: z.output<z.ZodObject<S>>) => unknown, onInvalid?: (errors: FieldErrors<S>) => void) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault();
      if (busyRef.current) return;
      setAttempted(true);
      const result = schema.safeParse(values);
      if (!result.success) {
        const found = fieldErrors(schema, values);
        setErrors(found);
        const first = order.find((name) => found[name] !== undefined);
        if (first !== undefined) elements.current[first]?.focus();
        onInvalid?.(found);
        return;
      }
      setErrors({});
      busyRef.current = true;
      setBusy(true);
      try {
        await onValid(result.data);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    };

  return {
    values,
    errors,
    busy,
    setValue,
    fieldProps: (name) => ({ validationState: errors[name] ? 'error' : 'none', validationMessage: errors[name] }),
    inputProps: (name) => ({
      name: String(name),
      value: values[name],
      onChange: (_event, data) => setValue(name, data.value),
      ref: (element) => {
        elements.current[name] = element;
      },
    }),
    handleSubmit,
    reset: (next) => {
      setValues({ ...initial, ...next });
      setErrors({});
      setAttempted(false);
    },
  };
}
