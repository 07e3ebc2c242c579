// @vitest-environment jsdom
import { Button, Field, FluentProvider, Input, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string().trim().min(2, { error: 'Name must be at least 2 characters' }),
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'Please enter a valid email address' }),
});

function TestForm({ onValid }: { onValid: (data: z.output<typeof schema>) => Promise<void> | void }) {
  const form = useZodForm(schema, { name: '', email: '' });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate aria-busy={form.busy}>
      <Field label="Name" {...form.fieldProps('name')}>
        <Input {...form.inputProps('name')} />
      </Field>
      <Field label="Email" {...form.fieldProps('email')}>
        <Input {...form.inputProps('email')} />
      </Field>
      <Button type="submit" disabled={form.busy}>
        Send
      </Button>
    </form>
  );
}

const renderForm = (onValid: (data: z.output<typeof schema>) => Promise<void> | void) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <TestForm onValid={onValid} />
    </FluentProvider>,
  );

afterEach(cleanup);

describe('useZodForm', () => {
  it('shows the schema’s messages, focuses the first invalid field and submits nothing', async () => {
    const onValid = vi.fn();
    renderForm(onValid);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('re-validates as the user types after the first attempt, then submits the parsed values', async () => {
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(onValid);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '  Ada  ' } });
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });
    // Busy while the submission runs: a second click does nothing.
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onValid).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
