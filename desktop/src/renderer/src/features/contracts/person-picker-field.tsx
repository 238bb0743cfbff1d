import { FormGroup, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useRoleName } from '@school/shared/ui';
import { PickedValue, SearchPicker, type SearchOption } from '../admin-widgets/searchable-multiselect';
import { fetchPerson, moneyFormKeys, searchPeople, type PeopleSearch, type PersonOption } from './money-forms.api';

/**
 * The person a form names (a picked one, or the stored one read once), so a choice shows a name
 * at once and a `?create&student_id=5` link shows it after one lookup.
 */
export function usePerson(id: number | null, scope: PeopleSearch, known?: PersonOption | null) {
  const { client } = useApi();
  const [picked, setPicked] = useState<PersonOption | null>(null);
  const own = picked?.id === id ? picked : known?.id === id ? known : null;
  const looked = useQuery({
    queryKey: [...moneyFormKeys.person(id ?? 0), scope.withContracts === true],
    queryFn: ({ signal }) => fetchPerson(client, id!, scope.withContracts === true, signal),
    enabled: id !== null && own === null,
  });
  return { person: own ?? looked.data ?? null, loading: id !== null && own === null && looked.isPending, remember: setPicked };
}

export interface PersonPickerFieldProps {
  label: string;
  placeholder: string;
  testId: string;
  value: number | null;
  person: PersonOption | null;
  loading?: boolean;
  scope: PeopleSearch;
  error?: string;
  disabled?: boolean;
  /** Why a person cannot be picked (the subscription form's 'NO CONTRACT!'), undefined when they can. */
  refuse?(person: PersonOption): string | undefined;
  onPick(person: PersonOption): void;
  onClear(): void;
}

/** One person, searched from 2 characters on among active users (of the given roles). */
export function PersonPickerField(props: PersonPickerFieldProps) {
  const { label, placeholder, testId, value, person, loading, scope, error, disabled, refuse, onPick, onClear } = props;
  const { t } = useTranslation();
  const { client } = useApi();
  const roleName = useRoleName();
  const option = (found: PersonOption): SearchOption => ({
    text: found.full_name,
    label: roleName({ id: found.role_id, name: '' }),
    disabledTag: refuse?.(found),
  });
  return (
    <FormGroup
      label={label}
      labelFor={`${testId}-search`}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${testId}-error`}>{error}</span> : undefined}
    >
      {value !== null ? (
        <PickedValue name={testId} disabled={disabled} clearLabel={t('moneyForms.clear')} onClear={onClear}>
          {person ? (
            <>
              {person.full_name}{' '}
              <Tag minimal round>
                {roleName({ id: person.role_id, name: '' })}
              </Tag>
            </>
          ) : loading ? (
            <Spinner size={14} />
          ) : (
            `#${value}`
          )}
        </PickedValue>
      ) : (
        <SearchPicker
          name={testId}
          placeholder={placeholder}
          queryKey={[...moneyFormKeys.people(testId), scope.roles?.join('|') ?? '', scope.withContracts === true]}
          search={(text, signal) => searchPeople(client, text, scope, signal)}
          option={option}
          onPick={onPick}
          disabled={disabled}
          invalid={Boolean(error)}
        />
      )}
    </FormGroup>
  );
}
