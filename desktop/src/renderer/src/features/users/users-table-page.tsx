import { USERS_PAGE } from './user-form-route';
import { useMemo } from 'react';
import { ROLE } from '@school/shared/domain';
import { useAbility } from '../../app/ability-context';
import { useAdminPageForm } from '../../kit/admin-forms/admin-page';
import { AdminTable } from '../../kit/admin-table/admin-table';
import { classNumbers, useAdminCell, useLookupOptions } from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import { userHasDetails } from '../../kit/admin-table/admin-table.rules';
import { UserBotButtons } from './user-bot-buttons';
import { UserDetailsBlock, type DetailsUser } from './user-details-block';

export interface UserTableRow extends AdminRow, Omit<DetailsUser, 'id'> {
  full_name: string;
  email?: string | null;
  active: boolean;
  classes?: { id: number; number: number }[];
  bots_connected?: { telegram?: boolean; viber?: boolean } | null;
}

const ROLE_OPTIONS = Object.values(ROLE).map((id) => ({ value: String(id), label: `roles.${id}` }));

function Active({ active }: { active: boolean }) {
  const { t } = useAdminCell();
  return <>{active ? t('common.yes') : t('common.no')}</>;
}

function Role({ roleId }: { roleId: number }) {
  const { t } = useAdminCell();
  return <>{t(`roles.${roleId}`)}</>;
}

function useUsersDefinition(managesUsers: boolean): AdminTableDefinition<UserTableRow> {
  const sources = useLookupOptions('user_sources');
  return useMemo(
    () => ({
      resource: 'users',
      // Phones, responsibles and e-mails are for those who manage users (403 otherwise).
      with: [
        'classes',
        'notes',
        'childs.phones',
        ...(managesUsers ? ['phones', 'responsibles.phones', 'responsibles.responsible_type'] : ['childs']),
      ],
      filters: [
        { key: 'id', type: 'int', control: 'number', label: 'adminTable.users.filters.id' },
        { key: 'full_name', type: 'text', control: 'text', label: 'adminTable.users.filters.name' },
        {
          key: 'classes',
          type: 'int',
          control: 'number',
          label: 'adminTable.users.filters.classes',
          toQuery: (value) => ({ withFilter: { 'classes.number': Number(value) } }),
        },
        {
          key: 'phones',
          type: 'text',
          control: 'text',
          label: 'adminTable.users.filters.phones',
          toQuery: (value) => ({ withHaving: { 'phones.phone': `%${value}%` } }),
        },
        { key: 'email', type: 'text', control: 'text', label: 'adminTable.users.filters.email' },
        {
          key: 'role_id',
          type: 'int',
          control: 'select',
          label: 'adminTable.users.filters.role',
          options: ROLE_OPTIONS,
        },
        { key: 'active', type: 'bool', control: 'tristate', label: 'adminTable.users.filters.active' },
        {
          key: 'source_id',
          type: 'int',
          control: 'select',
          label: 'adminTable.users.filters.source',
          options: sources,
          translateOptions: false,
        },
      ],
      columns: [
        {
          key: 'name',
          label: 'adminTable.users.columns.name',
          sortField: 'full_name',
          render: (row) => row.full_name,
        },
        {
          key: 'classes',
          label: 'adminTable.users.columns.classes',
          render: (row) => classNumbers(row.classes),
        },
        {
          key: 'phones',
          label: 'adminTable.users.columns.phones',
          render: (row) => (
            <ul className="admin-table__list">
              {(row.phones ?? []).map((phone) => (
                <li key={phone.id}>{phone.phone}</li>
              ))}
            </ul>
          ),
        },
        { key: 'email', label: 'adminTable.users.columns.email', render: (row) => row.email ?? '' },
        {
          key: 'role',
          label: 'adminTable.users.columns.role',
          render: (row) => <Role roleId={row.role_id} />,
        },
        {
          key: 'active',
          label: 'adminTable.users.columns.active',
          sortField: 'active',
          render: (row) => <Active active={row.active} />,
        },
        {
          key: 'bots',
          label: 'adminTable.users.columns.bots',
          render: (row) => <UserBotButtons userId={row.id} bots={row.bots_connected} />,
        },
      ],
    }),
    [managesUsers, sources],
  );
}

const userDetails = (row: UserTableRow) => (userHasDetails(row) ? <UserDetailsBlock user={row} /> : null);

/** Users table (spec part 1 §2 "Users table"); user 1 cannot be deleted (registry protectedIds). */
export function UsersTablePage() {
  const hasForm = useAdminPageForm() !== undefined;
  const managesUsers = useAbility().can('manage', 'user');
  const definition = useUsersDefinition(managesUsers);
  return (
    <AdminTable<UserTableRow>
      titleKey="titles.users"
      pagePath={USERS_PAGE}
      definition={definition}
      hasForm={hasForm}
      details={userDetails}
    />
  );
}
