import { InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUahInput, parseUahInput } from '@school/shared/ui';

export interface MoneyInputProps {
  /** The input's id (a label's htmlFor). */
  id: string;
  testId: string;
  /** Minor units (kopiykas); null: empty; NaN: not an amount. */
  value: number | null;
  /**
   * Minor units, null for an empty input, NaN when the text is not an amount (the form then
   * refuses it as not numeric; the text stays as typed).
   */
  onChange(value: number | null): void;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * The money input of the staff app (spec part 2 §1, §9; issue 16 point 4): money is stored in
 * minor units and typed in UAH, with a comma or a dot and at most two decimals, so nothing is ever
 * a float of kopiykas. What is typed stays as typed while it is being edited; a value set from
 * outside (a computed amount, a template) replaces it.
 */
export function MoneyInput({ id, testId, value, onChange, disabled, invalid }: MoneyInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatUahInput(value));
  useEffect(() => {
    // Only an outside change rewrites the text: "12," typed is 1200 too and must stay "12,".
    setText((current) => {
      const parsed = parseUahInput(current);
      const same = parsed === value || (parsed === undefined && (value === null || Number.isNaN(value)));
      return same ? current : formatUahInput(value);
    });
  }, [value]);
  return (
    <InputGroup
      id={id}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      intent={invalid ? 'danger' : 'none'}
      rightElement={<Tag minimal>{t('adminWidgets.money.currency')}</Tag>}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = parseUahInput(next);
        onChange(parsed === undefined ? Number.NaN : parsed);
      }}
      data-testid={testId}
    />
  );
}
