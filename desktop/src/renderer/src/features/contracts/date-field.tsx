import { FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { ru, uk } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';

const LOCALES = { uk, ru } as const;
const DATE_FORMAT = 'dd.MM.yyyy';
const MIN_DATE = new Date(2015, 0, 1);
const MAX_DATE = new Date(new Date().getFullYear() + 10, 11, 31);

export interface DateFieldProps {
  /** Input id and test id. */
  name: string;
  label: string;
  /** yyyy-MM-dd, '' when empty. */
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
}

/** A calendar day (a contract's end, a package's start, a pay date), shown dd.MM.yyyy; Monday first. */
export function DateField({ name, label, value, error, disabled, onChange }: DateFieldProps) {
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? uk;
  return (
    <FormGroup
      label={label}
      labelFor={name}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <DateInput
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
        locale={locale}
        dateFnsFormat={DATE_FORMAT}
        placeholder={DATE_FORMAT.toLowerCase()}
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        disabled={disabled}
        highlightCurrentDay
        showActionsBar
        popoverProps={{ placement: 'bottom-start' }}
        inputProps={{ id: name, intent: error ? 'danger' : 'none', ...({ 'data-testid': name } as object) }}
      />
    </FormGroup>
  );
}
