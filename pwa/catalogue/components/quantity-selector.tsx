/**
 * Tier quantity (storefront spec §5, §9): 1 to 99; non-numeric input becomes 1; the decrement is
 * disabled at 1 and the increment at 99. A text field with a numeric keypad, so any typed text
 * can be normalised (a number input silently drops what it cannot parse).
 */
import { Button, Input, Label, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { MinusIcon, PlusIcon } from '@pwa/components/icons';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** Text typed into the field as a quantity: digits clamped to 1–99, anything else 1. */
export function normalizeQuantity(text: string | number): number {
  const raw = typeof text === 'number' ? String(text) : text.trim();
  if (!/^\d+$/.test(raw)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Number(raw)));
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  input: { width: '4.5rem', '& input': { textAlign: 'center', fontWeight: tokens.fontWeightSemibold } },
});

export interface QuantitySelectorProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Names the buttons, e.g. "Decrease quantity of Team of 3". */
  itemName: string;
  label?: string;
}

export function QuantitySelector({ value, onChange, itemName, label = 'Quantity' }: QuantitySelectorProps) {
  const styles = useStyles();
  // The text being typed; an empty field is allowed while typing and becomes 1 on blur.
  const inputId = useId('quantity');
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (text: string) => {
    const next = normalizeQuantity(text);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.root}>
      <Label htmlFor={inputId} weight="semibold" size="small">
        {label}
      </Label>
      <div className={styles.row}>
        <Button
          icon={<MinusIcon size={16} />}
          aria-label={`Decrease quantity of ${itemName}`}
          disabled={value <= MIN_QUANTITY}
          onClick={() => onChange(Math.max(MIN_QUANTITY, value - 1))}
        />
        <Input
          id={inputId}
          className={styles.input}
          inputMode="numeric"
          value={draft}
          aria-label={`${label} of ${itemName}`}
          onChange={(_, data) => {
            if (data.value === '') {
              setDraft('');
              return;
            }
            commit(data.value);
          }}
          onBlur={() => commit(draft)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp') {
              event.preventDefault();
              onChange(Math.min(MAX_QUANTITY, value + 1));
            } else if (event.key === 'ArrowDown') {
              event.preventDefault();
              onChange(Math.max(MIN_QUANTITY, value - 1));
            }
          }}
        />
        <Button
          icon={<PlusIcon size={16} />}
          aria-label={`Increase quantity of ${itemName}`}
          disabled={value >= MAX_QUANTITY}
          onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        />
      </div>
    </div>
  );
}
