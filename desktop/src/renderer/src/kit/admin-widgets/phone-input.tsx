import { Button, ControlGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PHONE_TYPE, idsOf } from '@school/shared/domain';
import { newPhoneRow, normalizePhone, type PhoneRow } from '@school/shared/ui';

export interface PhonesInputProps {
  /** Test id prefix: `<name>-<i>`, `<name>-<i>-type`, `<name>-<i>-remove`, `<name>-add`, messages `<name>-<i>-error`. */
  name: string;
  label: string;
  value: readonly PhoneRow[];
  /** The message of each row (its first), by position. */
  errorOf(index: number): string | undefined;
  /** A message about the list as a whole. */
  error?: string;
  disabled?: boolean;
  onChange(rows: PhoneRow[]): void;
}

/**
 * The shared phone input (spec part 1 §2, §5; part 2 §3, §9): numbers of digits, each new one
 * starting with the default prefix 380 and type Mobile; types Mobile, Home, Work. What is pasted
 * with spaces, brackets, dashes or a + is kept as digits.
 */
export function PhonesInput({ name, label, value, errorOf, error, disabled, onChange }: PhonesInputProps) {
  const { t } = useTranslation();
  const replace = (index: number, row: PhoneRow) =>
    onChange(value.map((current, i) => (i === index ? row : current)));
  return (
    <FormGroup
      label={label}
      labelFor={`${name}-0`}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
      className="phones-input"
    >
      {value.length === 0 ? <p className="admin-widgets__hint">{t('adminWidgets.phones.none')}</p> : null}
      {value.map((row, index) => {
        const message = errorOf(index);
        return (
          <div key={row.id ?? `new-${index}`} className="phones-input__row">
            <ControlGroup>
              <InputGroup
                id={`${name}-${index}`}
                value={row.phone}
                inputMode="tel"
                leftIcon="phone"
                disabled={disabled}
                intent={message ? 'danger' : 'none'}
                aria-label={`${t('adminWidgets.phones.number')} ${index + 1}`}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  replace(index, { ...row, phone: normalizePhone(event.currentTarget.value) })
                }
                data-testid={`${name}-${index}`}
              />
              <HTMLSelect
                className="phones-input__type"
                value={String(row.type_id)}
                disabled={disabled}
                aria-label={t('adminWidgets.phones.type')}
                onChange={(event) => replace(index, { ...row, type_id: Number(event.currentTarget.value) })}
                data-testid={`${name}-${index}-type`}
              >
                {idsOf(PHONE_TYPE).map((typeId) => (
                  <option key={typeId} value={String(typeId)}>
                    {t(`adminWidgets.phones.types.${typeId}`)}
                  </option>
                ))}
              </HTMLSelect>
              <Button
                icon="trash"
                variant="minimal"
                disabled={disabled}
                aria-label={t('adminWidgets.phones.remove')}
                title={t('adminWidgets.phones.remove')}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                data-testid={`${name}-${index}-remove`}
              />
            </ControlGroup>
            {message ? (
              <div className="admin-widgets__error" data-testid={`${name}-${index}-error`}>
                {message}
              </div>
            ) : null}
          </div>
        );
      })}
      <Button
        icon="add"
        size="small"
        variant="minimal"
        intent="primary"
        disabled={disabled}
        text={t('adminWidgets.phones.add')}
        onClick={() => onChange([...value, newPhoneRow()])}
        data-testid={`${name}-add`}
      />
    </FormGroup>
  );
}
