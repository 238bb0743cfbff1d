import { FormGroup, InputGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { ru, uk } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME, type PickerValue } from './study-form.mapper';

const LOCALES = { uk, ru } as const;
const DATE_FORMAT = 'dd.MM.yyyy';
/** Studies are planned years back (corrections) and ahead; the picker's own default range is shorter. */
const MIN_DATE = new Date(2020, 0, 1);
const MAX_DATE = new Date(new Date().getFullYear() + 3, 11, 31);

export interface DateTimePickerProps {
  /** Test id prefix and input id: `<name>-date`, `<name>-time`. */
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
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? uk;
  return (
    <FormGroup
      label={label}
      labelFor={`${name}-date`}
      className="date-time-picker"
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <div className="date-time-picker__inputs">
        <DateInput
          className="date-time-picker__date"
          value={value.date === '' ? null : value.date}
          onChange={(next) => onChange({ ...value, date: next ? next.slice(0, 10) : '' })}
          locale={locale}
          dateFnsFormat={DATE_FORMAT}
          placeholder={DATE_FORMAT.toLowerCase()}
          minDate={MIN_DATE}
          maxDate={MAX_DATE}
          disabled={disabled}
          highlightCurrentDay
          popoverProps={{ placement: 'bottom-start' }}
          inputProps={{ id: `${name}-date`, intent: error ? 'danger' : 'none', ...({ 'data-testid': `${name}-date` } as object) }}
        />
        <InputGroup
          className="date-time-picker__time"
          value={value.time}
          placeholder={DEFAULT_TIME}
          inputMode="numeric"
          maxLength={5}
          leftIcon="time"
          disabled={disabled}
          intent={error ? 'danger' : 'none'}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, time: event.currentTarget.value })}
          data-testid={`${name}-time`}
          aria-label={`${label}: ${DEFAULT_TIME}`}
        />
      </div>
    </FormGroup>
  );
}
