import { FormGroup, InputGroup } from '@blueprintjs/core';
import { DEFAULT_TIME } from '@school/shared/ui';

export interface TimeInputProps {
  /** Test id (and input id). */
  id: string;
  /** As typed: H:MM or HH:MM (the form's rules check it, part 1 §5). */
  value: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The accessible name (the input has no label of its own inside a date-time pair or a table row). */
  ariaLabel: string;
  className?: string;
  onChange(time: string): void;
}

/** A typed time, H:MM or HH:MM; the placeholder shows the default 10:00. */
export function TimeInput({ id, value, invalid, disabled, ariaLabel, className, onChange }: TimeInputProps) {
  return (
    <InputGroup
      id={id}
      className={['admin-time-input', className].filter(Boolean).join(' ')}
      value={value}
      placeholder={DEFAULT_TIME}
      inputMode="numeric"
      maxLength={5}
      leftIcon="time"
      disabled={disabled}
      intent={invalid ? 'danger' : 'none'}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
      data-testid={id}
      aria-label={ariaLabel}
    />
  );
}

export interface TimePickerProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(time: string): void;
}

/** The shared time picker (spec part 1 §2 "Shared widgets"): a labelled time with its message. */
export function TimePicker({ name, label, value, error, disabled, onChange }: TimePickerProps) {
  return (
    <FormGroup
      label={label}
      labelFor={name}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <TimeInput
        id={name}
        value={value}
        invalid={Boolean(error)}
        disabled={disabled}
        ariaLabel={`${label}: ${DEFAULT_TIME}`}
        onChange={onChange}
      />
    </FormGroup>
  );
}
