/** A labelled filter (Fluent Field + Select, a native select underneath: keyboard and screen-reader friendly). */
import { Field, Select, makeStyles } from '@fluentui/react-components';

export interface FilterOption {
  value: string;
  label: string;
}

const useStyles = makeStyles({
  field: { minWidth: '180px', flex: '1 1 200px', '@media (min-width: 640px)': { maxWidth: '280px' } },
});

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const styles = useStyles();
  return (
    <Field className={styles.field} label={label}>
      <Select value={value} onChange={(_, data) => onChange(data.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
