import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createResourceApi } from '@school/shared/api';
import { DATE_TIME_FORMAT, TIME_ZONE } from '@school/shared/domain';
import type { ResourceName } from '@school/shared/resources';
import { Link, useApi } from '@school/shared/ui';
import { ADMIN_PAGES } from '../../../../common/admin-pages';
import type { AdminFilterOption } from './admin-table.types';

/** Cells and lookups the admin tables share. */

export interface PersonRef {
  id: number;
  full_name?: string | null;
  role?: { id: number; name?: string } | null;
  role_id?: number;
  pivot?: { role_id?: number | null; subscription_id?: number | null } | null;
}

/**
 * What every cell of a table needs, read once per table (AdminTable provides it) instead of once
 * per cell: a page of 100 rows has hundreds of names, and a hook per name is what makes it slow.
 * `links`: spec part 1 §6, links to the users and studies pages need `manage user` / `manage study`.
 */
export interface AdminCellContextValue {
  links: { users: boolean; studies: boolean };
  t: TFunction;
  language: string;
}

export const AdminCellContext = createContext<AdminCellContextValue>({
  links: { users: false, studies: false },
  t: ((key: string) => key) as TFunction,
  language: 'uk',
});

export function useAdminCell(): AdminCellContextValue {
  return useContext(AdminCellContext);
}

/** Kyiv wall time, as the whole school reads it. */
export function formatDateTime(iso: unknown, format = DATE_TIME_FORMAT): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const at = DateTime.fromISO(iso, { zone: TIME_ZONE });
  return at.isValid ? at.toFormat(format) : '';
}

export function todayInKyiv(): string {
  return DateTime.now().setZone(TIME_ZONE).toISODate() ?? '';
}

/** A person linked to the users page (spec part 2 §2: entries link to the admin pages). */
export function PersonLink({
  person,
  withRole = false,
}: {
  person: PersonRef | null | undefined;
  withRole?: boolean;
}) {
  const { t, links } = useAdminCell();
  const linked = links.users;
  if (!person) return <span className="admin-table__muted">{t('common.deleted')}</span>;
  const roleId = person.pivot?.role_id ?? person.role_id ?? person.role?.id;
  const name = person.full_name ?? `#${person.id}`;
  return (
    <span className="admin-table__person">
      {linked ? (
        <Link to={`${ADMIN_PAGES.users.path}?id=${person.id}`} data-testid={`user-link-${person.id}`}>
          {name}
        </Link>
      ) : (
        name
      )}
      {withRole && roleId ? <span className="admin-table__muted"> ({t(`roles.${roleId}`)})</span> : null}
    </span>
  );
}

/** `name` of a catalogue row (answered in the interface language by the server). */
export function names(rows: unknown): string {
  return Array.isArray(rows)
    ? rows
        .map((row: { name?: string }) => row.name ?? '')
        .filter(Boolean)
        .join(', ')
    : '';
}

export function classNumbers(rows: unknown, separator = ', '): string {
  return Array.isArray(rows)
    ? rows
        .map((row: { number?: number }) => row.number)
        .filter((n) => n !== undefined)
        .join(separator)
    : '';
}

/**
 * A catalogue's rows as filter options (roles, study types, sources…); refetched with the
 * interface language, since the server answers Russian names where the school entered them.
 */
type LookupRow = { id: number } & Record<string, unknown>;
const byName = (row: LookupRow) => String(row.name ?? row.id);
const byId = (row: LookupRow) => String(row.id);

export function useLookupOptions(
  resource: ResourceName,
  label: (row: LookupRow) => string = byName,
  value: (row: LookupRow) => string = byId,
): AdminFilterOption[] {
  const { client } = useApi();
  const { i18n } = useTranslation();
  const api = useMemo(() => createResourceApi(client), [client]);
  const answer = useQuery({
    queryKey: ['resources', resource, 'lookup', i18n.language],
    queryFn: ({ signal }) => api.list<ResourceName, LookupRow>(resource, { sort: ['id'] }, { signal }),
    staleTime: 5 * 60_000,
  });
  return useMemo(
    () => (answer.data?.data ?? []).map((row) => ({ value: value(row), label: label(row) })),
    [answer.data, label, value],
  );
}
