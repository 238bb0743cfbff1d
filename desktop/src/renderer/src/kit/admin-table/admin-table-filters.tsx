import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { ru, uk } from 'date-fns/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@school/shared/domain';
import { useDebouncedCallback } from '@school/shared/ui/admin-table';
import type { AdminFilterField } from './admin-table.types';

const LOCALES = { uk, ru } as const;

interface FilterProps {
  field: AdminFilterField;
  value: string;
  onChange(value: string): void;
}

/**
 * A text or number filter: the input shows each keystroke at once and the table asks the server
 * once typing pauses (the superseded request is cancelled), so typing is never blocked.
 */
function TypedFilter({ field, value, onChange }: FilterProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onChange);
  // The URL changed by itself (Back, a link): show its value.
  useEffect(() => setText(value), [value]);
  return (
    <InputGroup
      id={`filter-${field.key}`}
      value={text}
      type={field.control === 'number' ? 'number' : 'text'}
      min={field.control === 'number' ? 0 : undefined}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(text.trim());
      }}
      data-testid={`filter-${field.key}`}
    />
  );
}

function DateFilter({ field, value, onChange }: FilterProps) {
  const { i18n } = useTranslation();
  return (
    <DateInput
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
      locale={LOCALES[i18n.language as keyof typeof LOCALES] ?? uk}
      dateFnsFormat={DATE_FORMAT}
      placeholder={DATE_FORMAT.toLowerCase()}
      showActionsBar
      highlightCurrentDay
      popoverProps={{ placement: 'bottom-start' }}
      inputProps={{ id: `filter-${field.key}`, ...({ 'data-testid': `filter-${field.key}` } as object) }}
    />
  );
}

function ChecksFilter({ field, value, onChange }: FilterProps) {
  const { t } = useTranslation();
  const checked = new Set(value === '' ? [] : value.split('|'));
  return (
    <div className="admin-table__checks" data-testid={`filter-${field.key}`}>
      {(field.options ?? []).map((option) => (
        <Checkbox
          key={option.value}
          inline
          label={t(option.label)}
          checked={checked.has(option.value)}
          onChange={(event) => {
            const next = new Set(checked);
            if (event.currentTarget.checked) next.add(option.value);
            else next.delete(option.value);
            onChange(
              (field.options ?? [])
                .map((o) => o.value)
                .filter((v) => next.has(v))
                .join('|'),
            );
          }}
          data-testid={`filter-${field.key}-${option.value}`}
        />
      ))}
    </div>
  );
}

function FilterControl(props: FilterProps) {
  const { t } = useTranslation();
  const { field, value, onChange } = props;
  switch (field.control) {
    case 'text':
    case 'number':
      return <TypedFilter {...props} />;
    case 'date':
      return <DateFilter {...props} />;
    case 'checks':
      return <ChecksFilter {...props} />;
    case 'checkbox':
      return (
        <Checkbox
          id={`filter-${field.key}`}
          checked={value === '1'}
          onChange={(event) => onChange(event.currentTarget.checked ? '1' : '')}
          data-testid={`filter-${field.key}`}
        />
      );
    case 'tristate':
    case 'select':
      return (
        <HTMLSelect
          id={`filter-${field.key}`}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          data-testid={`filter-${field.key}`}
        >
          <option value="">{t('common.all')}</option>
          {field.control === 'tristate' ? (
            <>
              <option value="1">{t('common.yes')}</option>
              <option value="0">{t('common.no')}</option>
            </>
          ) : (
            (field.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {field.translateOptions === false ? option.label : t(option.label)}
              </option>
            ))
          )}
        </HTMLSelect>
      );
  }
}

export interface AdminTableFiltersProps {
  fields: readonly AdminFilterField[];
  values: Readonly<Record<string, string>>;
  onChange(key: string, value: string): void;
  onReset(): void;
}

/**
 * The filter row (spec part 1 §2): inputs for text and numbers, checkboxes for flags, date inputs,
 * selects; filters the link named that have no input of their own (`?study_id=5`) show as tags.
 */
export function AdminTableFilters({ fields, values, onChange, onReset }: AdminTableFiltersProps) {
  const { t } = useTranslation();
  const own = new Set(fields.map((field) => field.key));
  const presets = Object.entries(values).filter(([key]) => !own.has(key));
  return (
    <div className="admin-table__filters" data-testid="admin-table-filters">
      {fields.map((field) => (
        <FormGroup
          key={field.key}
          label={t(field.label)}
          labelFor={`filter-${field.key}`}
          className={`admin-table__filter admin-table__filter--${field.control}`}
        >
          <FilterControl
            field={field}
            value={values[field.key] ?? ''}
            onChange={(value) => onChange(field.key, value)}
          />
        </FormGroup>
      ))}
      {presets.map(([key, value]) => (
        <Tag
          key={key}
          minimal
          large
          onRemove={() => onChange(key, '')}
          className="admin-table__preset"
          data-testid={`preset-filter-${key}`}
        >
          {key} = {value}
        </Tag>
      ))}
      <Button
        variant="minimal"
        size="small"
        icon="filter-remove"
        text={t('adminTable.resetFilters')}
        onClick={onReset}
        data-testid="filters-reset"
      />
    </div>
  );
}
