import { FormGroup, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useRoleName } from '@school/shared/ui';
import { PickedValue, SearchPicker, type SearchOption } from '../../kit/admin-widgets/searchable-multiselect';
import {
  fetchUsersByIds,
  searchUsers,
  userSearchKeys,
  type UserOption,
  type UserSearchFilter,
} from '../../kit/admin-widgets/user-search.api';

/**
 * The person a form names (a picked one, or the stored one read once), so a choice shows a name
 * at once and a `?create&student_id=5` link shows it after one lookup.
 */
export function usePerson(id: number | null, scope: PersonScope, known?: UserOption | null) {
  const { client } = useApi();
  const [picked, setPicked] = useState<UserOption | null>(null);
  const own = picked?.id === id ? picked : known?.id === id ? known : null;
  const looked = useQuery({
    queryKey: userSearchKeys.byIds([id ?? 0], scope.withContracts === true),
    queryFn: async ({ signal }) =>
      (await fetchUsersByIds(client, [id!], signal, scope.withContracts === true))[0] ?? null,
    enabled: id !== null && own === null,
  });
  return {
    person: own ?? looked.data ?? null,
    loading: id !== null && own === null && looked.isPending,
    remember: setPicked,
  };
}

/** Whom a person picker offers (always active users only, part 2 §5). */
export type PersonScope = Omit<UserSearchFilter, 'activeOnly'>;

export interface PersonPickerFieldProps {
  label: string;
  placeholder: string;
  testId: string;
  value: number | null;
  person: UserOption | null;
  loading?: boolean;
  scope: PersonScope;
  error?: string;
  disabled?: boolean;
  /** Why a person cannot be picked (the subscription form's 'NO CONTRACT!'), undefined when they can. */
  refuse?(person: UserOption): string | undefined;
  onPick(person: UserOption): void;
  onClear(): void;
}

/** One person, searched from 2 characters on among active users (of the given roles). */
export function PersonPickerField(props: PersonPickerFieldProps) {
  const {
    label,
    placeholder,
    testId,
    value,
    person,
    loading,
    scope,
    error,
    disabled,
    refuse,
    onPick,
    onClear,
  } = props;
  const { t } = useTranslation();
  const { client } = useApi();
  const roleName = useRoleName();
  const option = (found: UserOption): SearchOption => ({
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
          queryKey={userSearchKeys.search({ ...scope, activeOnly: true })}
          search={(text, signal) => searchUsers(client, text, { ...scope, activeOnly: true }, signal)}
          option={option}
          onPick={onPick}
          disabled={disabled}
          invalid={Boolean(error)}
        />
      )}
    </FormGroup>
  );
}
