import { FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { ru, uk } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@school/shared/domain';

const LOCALES = { uk, ru } as const;
/**
 * Studies, schedules and contracts are dated years back (corrections, old contracts) and ahead (a
 * contract's end); the picker's own default range is shorter.
 */
const MIN_DATE = new Date(2015, 0, 1);
const MAX_DATE = new Date(new Date().getFullYear() + 10, 11, 31);

export interface BareDateInputProps {
  /** Input id and test id. */
  id: string;
  /** yyyy-MM-dd, '' for none. */
  value: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Birthdates reach further back than plans. */
  minDate?: Date;
  maxDate?: Date;
  /** The month the calendar opens on while empty (part 2 §9: the birthdate picker starts 17 years back). */
  initialMonth?: Date;
  className?: string;
  /** Today and Clear buttons under the calendar (an optional date, like a schedule's end). */
  clearable?: boolean;
  onChange(date: string): void;
}

/** A date from the calendar popover (weeks start Monday in uk and ru), in the interface language. */
export function BareDateInput({
  id,
  value,
  invalid,
  disabled,
  minDate,
  maxDate,
  initialMonth,
  className,
  clearable,
  onChange,
}: BareDateInputProps) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? uk;
  return (
    <DateInput
      className={className}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
      locale={locale}
      dateFnsFormat={DATE_FORMAT}
      placeholder={DATE_FORMAT.toLowerCase()}
      minDate={minDate ?? MIN_DATE}
      maxDate={maxDate ?? MAX_DATE}
      initialMonth={initialMonth}
      disabled={disabled}
      highlightCurrentDay
      showActionsBar={clearable}
      todayButtonText={t('common.today')}
      clearButtonText={t('adminWidgets.clear')}
      popoverProps={{ placement: 'bottom-start' }}
      inputProps={{ id, intent: invalid ? 'danger' : 'none', ...({ 'data-testid': id } as object) }}
    />
  );
}

export interface DatePickerProps extends Omit<BareDateInputProps, 'id' | 'invalid'> {
  /** Input id and test id; the message is `<name>-error`. */
  name: string;
  label: string;
  error?: string;
  helperText?: ReactNode;
}

/** A labelled date with its first message under it (part 2 §5). */
export function DatePicker({ name, label, error, helperText, ...input }: DatePickerProps) {
  return (
    <FormGroup
      label={label}
      labelFor={name}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : helperText}
    >
      <BareDateInput id={name} invalid={Boolean(error)} {...input} />
    </FormGroup>
  );
}
