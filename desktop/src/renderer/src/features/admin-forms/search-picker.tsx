import { Button, InputGroup, Menu, MenuItem, Spinner, Tag } from '@blueprintjs/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MULTISELECT_MIN_SEARCH } from '@school/shared/domain';
import { useServerSearch } from '@school/shared/ui';
import './search-picker.css';

/** How one found item is offered. */
export interface SearchOption {
  text: string;
  /** Right-aligned (a role). */
  label?: string;
  /** Offered but not selectable, with the reason as a tag ('NO CONTRACT!'). */
  disabledTag?: string;
}

export interface SearchPickerProps<T extends { id: number }> {
  /** The input's id (a label's htmlFor) and the prefix of the test ids: `{testId}-search`, `{testId}-option-{id}`. */
  inputId: string;
  testId: string;
  placeholder: string;
  queryKey: QueryKey;
  search(text: string, signal: AbortSignal): Promise<T[]>;
  option(item: T): SearchOption;
  onPick(item: T): void;
  /** Ids not to offer (already chosen). */
  exclude?: readonly number[];
  disabled?: boolean;
  invalid?: boolean;
  /** The hint under a too short text and the empty answer; the study form's by default. */
  hintKey?: string;
  noMatchesKey?: string;
}

/**
 * The searchable picker of the staff app (spec part 1 §5, issue 16 point 4): server-side search
 * from 2 characters on, debounced, the older search cancelled; results as a menu. The study
 * participants, the contract's people, the package's teacher and student and the invoice's
 * package all pick through it.
 */
export function SearchPicker<T extends { id: number }>(props: SearchPickerProps<T>) {
  const { inputId, testId, placeholder, queryKey, search, option, onPick, exclude = [], disabled, invalid } = props;
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const found = useServerSearch({ text, queryKey, search, enabled: !disabled });
  const results = found.results.filter((item) => !exclude.includes(item.id));
  return (
    <div className="search-picker">
      <InputGroup
        id={inputId}
        leftIcon="search"
        value={text}
        disabled={disabled}
        intent={invalid ? 'danger' : 'none'}
        placeholder={placeholder}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setText(event.currentTarget.value)}
        rightElement={found.fetching ? <Spinner size={16} /> : undefined}
        autoComplete="off"
        data-testid={`${testId}-search`}
      />
      {found.tooShort ? <p className="search-picker__hint">{t(props.hintKey ?? 'studyForm.searchHint', { count: MULTISELECT_MIN_SEARCH })}</p> : null}
      {found.answered ? (
        results.length > 0 ? (
          <Menu className="search-picker__results" data-testid={`${testId}-results`}>
            {results.map((item) => {
              const shown = option(item);
              return (
                <MenuItem
                  key={item.id}
                  icon="add"
                  text={shown.text}
                  disabled={shown.disabledTag !== undefined}
                  label={shown.disabledTag ?? shown.label}
                  labelElement={
                    shown.disabledTag !== undefined ? (
                      <Tag intent="danger" minimal>
                        {shown.disabledTag}
                      </Tag>
                    ) : undefined
                  }
                  onClick={() => {
                    onPick(item);
                    setText('');
                  }}
                  data-testid={`${testId}-option-${item.id}`}
                />
              );
            })}
          </Menu>
        ) : (
          <p className="search-picker__hint">{t(props.noMatchesKey ?? 'studyForm.noMatches')}</p>
        )
      ) : null}
    </div>
  );
}

export interface PickedValueProps {
  testId: string;
  children: ReactNode;
  disabled?: boolean;
  clearLabel: string;
  onClear(): void;
}

/** A single picker's choice, with a button that clears it (the search comes back). */
export function PickedValue({ testId, children, disabled, clearLabel, onClear }: PickedValueProps) {
  return (
    <div className="search-picker__picked" data-testid={`${testId}-picked`}>
      <span className="search-picker__picked-text">{children}</span>
      {disabled ? null : (
        <Button variant="minimal" size="small" icon="cross" aria-label={clearLabel} title={clearLabel} onClick={onClear} data-testid={`${testId}-clear`} />
      )}
    </div>
  );
}
