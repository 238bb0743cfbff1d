import { FormGroup, InputGroup, Menu, MenuItem, Spinner, Tag } from '@blueprintjs/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_CHARS, searchText, searchTooShort, useDebouncedValue } from '@school/shared/ui';
import './admin-widgets.css';

export interface SearchOption {
  id: number;
}

export interface SearchBoxProps<T extends SearchOption> {
  /** Test id prefix: `<name>-search`, `<name>-results`, `<name>-option-<id>`. */
  name: string;
  /** The query key of one search (react-query cancels the one left behind). */
  queryKey(text: string): QueryKey;
  /** The server-side search; the signal aborts it when the text changes. */
  search(text: string, signal: AbortSignal): Promise<T[]>;
  /** Ids already chosen, left out of the results. */
  exclude: readonly number[];
  optionText(option: T): string;
  /** Grey text at the right of an option (a role). */
  optionLabel?(option: T): string | undefined;
  /** A result that cannot be chosen (a student without a contract). */
  optionDisabled?(option: T): boolean;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  onPick(option: T): void;
}

/**
 * The searchable multiselect's search (spec part 1 §2, §5): asks the server from 2 characters on,
 * once typing pauses (debounced; a newer text cancels the older request), and lists what it found.
 */
export function SearchBox<T extends SearchOption>(props: SearchBoxProps<T>) {
  const { name, queryKey, search, exclude, optionText, optionLabel, optionDisabled, placeholder, disabled, invalid, onPick } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const text = searchText(useDebouncedValue(typed));
  const found = useQuery({
    queryKey: queryKey(text ?? ''),
    queryFn: ({ signal }) => search(text!, signal),
    enabled: text !== null && !disabled,
  });
  const results = (found.data ?? []).filter((option) => !exclude.includes(option.id));
  return (
    <div className="searchable-multiselect__search">
      <InputGroup
        id={`${name}-search`}
        leftIcon="search"
        value={typed}
        disabled={disabled}
        intent={invalid ? 'danger' : 'none'}
        placeholder={placeholder ?? t('adminWidgets.multiselect.placeholder')}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.currentTarget.value)}
        rightElement={found.isFetching ? <Spinner size={16} /> : undefined}
        data-testid={`${name}-search`}
      />
      {searchTooShort(typed) ? <p className="admin-widgets__hint">{t('adminWidgets.multiselect.hint', { count: SEARCH_MIN_CHARS })}</p> : null}
      {text !== null && searchText(typed) !== null && found.isSuccess ? (
        results.length > 0 ? (
          <Menu className="searchable-multiselect__results" data-testid={`${name}-results`}>
            {results.map((option) => (
              <MenuItem
                key={option.id}
                icon="add"
                text={optionText(option)}
                label={optionLabel?.(option)}
                disabled={optionDisabled?.(option)}
                onClick={() => {
                  onPick(option);
                  setTyped('');
                }}
                data-testid={`${name}-option-${option.id}`}
              />
            ))}
          </Menu>
        ) : (
          <p className="admin-widgets__hint">{t('adminWidgets.multiselect.noMatches')}</p>
        )
      ) : null}
    </div>
  );
}

export interface SearchableMultiselectProps<T extends SearchOption> extends Omit<SearchBoxProps<T>, 'exclude' | 'invalid' | 'onPick'> {
  label: string;
  /** The chosen ids, in order. */
  value: readonly number[];
  /** What is known of the chosen ones (their names); an unknown one shows as #id. */
  chosen: ReadonlyMap<number, T>;
  error?: string;
  /** Extra content of a chosen one's tag (a type). */
  tagDetail?(option: T | undefined, id: number): ReactNode;
  onChange(ids: number[], picked?: T): void;
}

/** Chosen items as removable tags over the search (the user form's responsibles and children). */
export function SearchableMultiselect<T extends SearchOption>(props: SearchableMultiselectProps<T>) {
  const { name, label, value, chosen, error, tagDetail, onChange, optionText, disabled, ...search } = props;
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
            const option = chosen.get(id);
            return (
              <Tag
                key={id}
                large
                minimal
                intent="primary"
                onRemove={disabled ? undefined : () => onChange(value.filter((other) => other !== id))}
                data-testid={`${name}-chosen-${id}`}
              >
                {option ? optionText(option) : `#${id}`}
                {tagDetail ? <span className="searchable-multiselect__detail">{tagDetail(option, id)}</span> : null}
              </Tag>
            );
          })}
        </div>
      ) : null}
      <SearchBox
        name={name}
        exclude={value}
        optionText={optionText}
        disabled={disabled}
        invalid={Boolean(error)}
        onPick={(option) => onChange([...value, option.id], option)}
        {...search}
      />
    </FormGroup>
  );
}
