// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuantitySelector } from './quantity-selector';

function Harness({ initial, onChange }: { initial: number; onChange: (n: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <FluentProvider theme={webLightTheme}>
      <QuantitySelector
        value={value}
        itemName="Team"
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </FluentProvider>
  );
}

afterEach(cleanup);

describe('QuantitySelector', () => {
  it('keeps the quantity between 1 and 99, from the buttons and from typing', () => {
    const onChange = vi.fn();
    render(<Harness initial={1} onChange={onChange} />);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of Team' }) as HTMLButtonElement;
    const field = screen.getByRole('textbox', { name: 'Quantity of Team' }) as HTMLInputElement;
    expect(decrease.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Team' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(field.value).toBe('2');
    fireEvent.change(field, { target: { value: '150' } });
    expect(onChange).toHaveBeenLastCalledWith(99);
    expect((screen.getByRole('button', { name: 'Increase quantity of Team' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(field.value).toBe('1');
  });

  it('lets the field be empty while typing and makes it 1 on blur', () => {
    const onChange = vi.fn();
    render(<Harness initial={5} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Quantity of Team' }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '' } });
    expect(field.value).toBe('');
    fireEvent.blur(field);
    expect(field.value).toBe('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });
});
