import { Button, FormGroup, InputGroup, Menu, MenuItem, Spinner, Tag } from '@blueprintjs/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MULTISELECT_MIN_SEARCH } from '@school/shared/domain';
import { useServerSearch } from '@school/shared/ui';
import './admin-widgets.css';

/** How one found item is offered. */
export interface SearchOption {
  text: string;
  /** Grey text at the right (a role, a price). */
  label?: string;
  /** Offered but not selectable, with the reason as a tag ('NO CONTRACT!'). */
  disabledTag?: string;
}

export interface SearchPickerProps<T extends { id: number }> {
  /** The input's id (a label's htmlFor) is `<name>-search`; test ids `<name>-search`, `<name>-results`, `<name>-option-<id>`. */
  name: string;
  /** The cache key of this picker's searches; the searched text is appended. */
  queryKey: QueryKey;
  /** The server-side search; the signal aborts it when the text changes. */
  search(text: string, signal: AbortSignal): Promise<T[]>;
  option(item: T): SearchOption;
  onPick(item: T): void;
  /** Ids already chosen, left out of the results. */
  exclude?: readonly number[];
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * The searchable picker of the staff app (spec part 1 §2, §5; issue 16 point 4): asks the server
 * from 2 characters on, once typing pauses (a newer text cancels the older request), and lists
 * what it found. Study participants, the user form's family, the contract's people, the
 * package's teacher and student and the invoice's package all pick through it.
 */
export function SearchPicker<T extends { id: number }>(props: SearchPickerProps<T>) {
  const { name, queryKey, search, option, onPick, exclude = [], placeholder, disabled, invalid } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const found = useServerSearch({ typed, queryKey, search, enabled: !disabled });
  const results = found.results.filter((item) => !exclude.includes(item.id));
  return (
    <div className="search-picker">
      <InputGroup
        id={`${name}-search`}
        leftIcon="search"
        value={typed}
        disabled={disabled}
        intent={invalid ? 'danger' : 'none'}
        placeholder={placeholder ?? t('adminWidgets.multiselect.placeholder')}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.currentTarget.value)}
        rightElement={found.fetching ? <Spinner size={16} /> : undefined}
        autoComplete="off"
        data-testid={`${name}-search`}
      />
      {found.tooShort ? (
        <p className="admin-widgets__hint">
          {t('adminWidgets.multiselect.hint', { count: MULTISELECT_MIN_SEARCH })}
        </p>
      ) : null}
      {found.answered ? (
        results.length > 0 ? (
          <Menu className="search-picker__results" data-testid={`${name}-results`}>
            {results.map((item) => {
              const shown = option(item);
              return (
                <MenuItem
                  key={item.id}
                  icon="add"
                  text={shown.text}
                  disabled={shown.disabledTag !== undefined}
                  label={shown.disabledTag === undefined ? shown.label : undefined}
                  labelElement={
                    shown.disabledTag !== undefined ? (
                      <Tag intent="danger" minimal>
                        {shown.disabledTag}
                      </Tag>
                    ) : undefined
                  }
                  onClick={() => {
                    onPick(item);
                    setTyped('');
                  }}
                  data-testid={`${name}-option-${item.id}`}
                />
              );
            })}
          </Menu>
        ) : (
          <p className="admin-widgets__hint">{t('adminWidgets.multiselect.noMatches')}</p>
        )
      ) : null}
    </div>
  );
}

export interface PickedValueProps {
  name: string;
  children: ReactNode;
  disabled?: boolean;
  clearLabel: string;
  onClear(): void;
}

/** A single picker's choice, with a button that clears it (the search comes back). */
export function PickedValue({ name, children, disabled, clearLabel, onClear }: PickedValueProps) {
  return (
    <div className="search-picker__picked" data-testid={`${name}-picked`}>
      <span className="search-picker__picked-text">{children}</span>
      {disabled ? null : (
        <Button
          variant="minimal"
          size="small"
          icon="cross"
          aria-label={clearLabel}
          title={clearLabel}
          onClick={onClear}
          data-testid={`${name}-clear`}
        />
      )}
    </div>
  );
}

export interface SearchableMultiselectProps<T extends { id: number }> extends Omit<
  SearchPickerProps<T>,
  'exclude' | 'invalid' | 'onPick'
> {
  label: string;
  /** The chosen ids, in order. */
  value: readonly number[];
  /** What is known of the chosen ones (their names); an unknown one shows as #id. */
  chosen: ReadonlyMap<number, T>;
  error?: string;
  /** Extra content of a chosen one's tag (a type). */
  tagDetail?(item: T | undefined, id: number): ReactNode;
  onChange(ids: number[], picked?: T): void;
}

/** Chosen items as removable tags over the search (the user form's responsibles and children). */
export function SearchableMultiselect<T extends { id: number }>(props: SearchableMultiselectProps<T>) {
  const { name, label, value, chosen, error, tagDetail, onChange, option, disabled, ...search } = props;
  return (
    <FormGroup
      label={label}
      labelFor={`${name}-search`}
      className="searchable-multiselect"
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      {value.length > 0 ? (
        <div className="searchable-multiselect__chosen" data-testid={`${name}-chosen`}>
          {value.map((id) => {
            const item = chosen.get(id);
            return (
              <Tag
                key={id}
                large
                minimal
                intent="primary"
                onRemove={disabled ? undefined : () => onChange(value.filter((other) => other !== id))}
                data-testid={`${name}-chosen-${id}`}
              >
                {item ? option(item).text : `#${id}`}
                {tagDetail ? (
                  <span className="searchable-multiselect__detail">{tagDetail(item, id)}</span>
                ) : null}
              </Tag>
            );
          })}
        </div>
      ) : null}
      <SearchPicker
        name={name}
        exclude={value}
        option={option}
        disabled={disabled}
        invalid={Boolean(error)}
        onPick={(item) => onChange([...value, item.id], item)}
        {...search}
      />
    </FormGroup>
  );
}
