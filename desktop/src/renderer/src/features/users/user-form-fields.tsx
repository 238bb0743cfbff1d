import { Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceForm } from '@school/shared/ui';
import type { Choice } from './user-form.api';

/** The first message under a field (part 2 §5), with a test id the e2e tests read. */
export function errorHelper(
  form: ResourceForm,
  field: string,
  hint?: ReactNode,
): { intent: 'danger' | 'none'; helperText: ReactNode } {
  const error = form.errorOf(field);
  return {
    intent: error ? 'danger' : 'none',
    helperText: error ? <span data-testid={`user-form-${field}-error`}>{error}</span> : hint,
  };
}

export function TextField({
  form,
  name,
  label,
  type = 'text',
  hint,
  disabled,
  autoComplete,
}: {
  form: ResourceForm;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'url';
  hint?: ReactNode;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const { intent, helperText } = errorHelper(form, name, hint);
  return (
    <FormGroup label={label} labelFor={`user-form-${name}`} intent={intent} helperText={helperText}>
      <InputGroup
        id={`user-form-${name}`}
        type={type}
        value={String(form.values[name] ?? '')}
        intent={intent}
        disabled={disabled}
        autoComplete={autoComplete}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          form.setValue(name, event.currentTarget.value)
        }
        data-testid={`user-form-${name}`}
      />
    </FormGroup>
  );
}

/** A choice of ids (`null`: none chosen) from a fixed list. */
export function SelectField({
  form,
  name,
  label,
  options,
  disabled,
}: {
  form: ResourceForm;
  name: string;
  label: string;
  options: readonly Choice[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { intent, helperText } = errorHelper(form, name);
  const value = form.values[name];
  return (
    <FormGroup label={label} labelFor={`user-form-${name}`} intent={intent} helperText={helperText}>
      <HTMLSelect
        id={`user-form-${name}`}
        fill
        value={typeof value === 'number' ? String(value) : ''}
        disabled={disabled}
        onChange={(event) =>
          form.setValue(name, event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
        }
        data-testid={`user-form-${name}`}
      >
        <option value="">{t('adminWidgets.choose')}</option>
        {typeof value === 'number' && !options.some((option) => option.id === value) ? (
          <option value={String(value)}>#{value}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** Several ids from a short list (classes, languages, teaching lists) as inline checkboxes. */
export function ChoiceList({
  form,
  name,
  label,
  options,
}: {
  form: ResourceForm;
  name: string;
  label: string;
  options: readonly Choice[] | undefined;
}) {
  const { intent, helperText } = errorHelper(form, name);
  const chosen = (form.values[name] as number[] | undefined) ?? [];
  const toggle = (id: number, on: boolean) =>
    form.setValue(name, on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <FormGroup label={label} intent={intent} helperText={helperText} className="user-form__choices">
      <div
        className="user-form__choice-list"
        data-testid={`user-form-${name}`}
        role="group"
        aria-label={label}
      >
        {(options ?? []).map((option) => (
          <Checkbox
            key={option.id}
            inline
            checked={chosen.includes(option.id)}
            label={option.label}
            onChange={(event) => toggle(option.id, event.currentTarget.checked)}
            data-testid={`user-form-${name}-${option.id}`}
          />
        ))}
      </div>
    </FormGroup>
  );
}
