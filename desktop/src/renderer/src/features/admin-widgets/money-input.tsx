import { FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText, parseMoney } from '@school/shared/ui';

export interface MoneyInputProps {
  name: string;
  label: string;
  /** Integer minor units (kopiykas); null while empty or not an amount. */
  value: number | null;
  error?: string;
  disabled?: boolean;
  /** Minor units of what was typed, null for nothing or not an amount (the form's numeric rule answers). */
  onChange(minor: number | null, typed: string): void;
}

/**
 * The shared money input (spec part 1 §2, §5; part 2 §1): typed in UAH (a comma or a dot, up to 2
 * decimals), handed to the form as integer minor units, so nothing is ever a float of kopiykas.
 */
export function MoneyInput({ name, label, value, error, disabled, onChange }: MoneyInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(() => moneyText(value));
  // A value set from outside (a template, a reset) replaces what is shown unless it is what was typed.
  useEffect(() => {
    setTyped((current) => (parseMoney(current) === value ? current : moneyText(value)));
  }, [value]);
  return (
    <FormGroup
      label={label}
      labelFor={name}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <InputGroup
        id={name}
        value={typed}
        inputMode="decimal"
        disabled={disabled}
        intent={error ? 'danger' : 'none'}
        rightElement={<Tag minimal>{t('adminWidgets.money.currency')}</Tag>}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const text = event.currentTarget.value;
          setTyped(text);
          onChange(parseMoney(text), text);
        }}
        data-testid={name}
      />
    </FormGroup>
  );
}
