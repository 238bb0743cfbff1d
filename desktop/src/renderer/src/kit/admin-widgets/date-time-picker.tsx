import { FormGroup } from '@blueprintjs/core';
import { DEFAULT_TIME, type PickerValue } from '@school/shared/ui';
import { BareDateInput } from './date-input';
import { TimeInput } from './time-picker';
import './admin-widgets.css';

export interface DateTimePickerProps {
  /** Test id prefix and input id: `<name>-date`, `<name>-time`; the message is `<name>-error`. */
  name: string;
  label: string;
  value: PickerValue;
  error?: string;
  disabled?: boolean;
  onChange(value: PickerValue): void;
}

/**
 * The shared date-time picker (spec part 1 §2 "Shared widgets", §5): a date from the calendar
 * popover and a typed time, H:MM or HH:MM (the form checks both; the default time is 10:00).
 */
export function DateTimePicker({ name, label, value, error, disabled, onChange }: DateTimePickerProps) {
  return (
    <FormGroup
      label={label}
      labelFor={`${name}-date`}
      className="date-time-picker"
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <div className="date-time-picker__inputs">
        <BareDateInput
          id={`${name}-date`}
          className="date-time-picker__date"
          value={value.date}
          invalid={Boolean(error)}
          disabled={disabled}
          onChange={(date) => onChange({ ...value, date })}
        />
        <TimeInput
          id={`${name}-time`}
          className="date-time-picker__time"
          value={value.time}
          invalid={Boolean(error)}
          disabled={disabled}
          ariaLabel={`${label}: ${DEFAULT_TIME}`}
          onChange={(time) => onChange({ ...value, time })}
        />
      </div>
    </FormGroup>
  );
}
