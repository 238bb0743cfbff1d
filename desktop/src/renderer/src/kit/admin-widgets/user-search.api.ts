import { anyOfFilter, type ApiClient } from '@school/shared/api';

/** A person's contract as the subscription form reads it (its payer and template come along). */
export interface UserContract {
  id: number;
  payer_id?: number | null;
  template_id?: number | null;
  payer?: { id: number; full_name: string } | null;
}

/** A user as the pickers list them (spec part 2 §7 "user search"). */
export interface UserOption {
  id: number;
  full_name: string;
  role_id: number;
  responsible_type_id?: number | null;
  /** Only when asked for (the subscription form's student). */
  contracts?: UserContract[];
}

const SEARCH_LIMIT = 15;
const COLUMNS = ['id', 'full_name', 'role_id', 'responsible_type_id'];
const CONTRACT_RELATIONS = ['contracts', 'contracts.payer:id,full_name'];

export interface UserSearchFilter {
  /** Only these roles (`filter[role_id]=4|5`). */
  roleIds?: readonly number[];
  /** Only active users (part 2 §5: only active users are selectable). */
  activeOnly?: boolean;
  /** With each user's contracts and their payers (the subscription form's student). */
  withContracts?: boolean;
}

export const userSearchKeys = {
  /** A search's key without the text (the search picker appends it). */
  search: (filter: UserSearchFilter) =>
    [
      'admin-widgets',
      'user-search',
      filter.roleIds?.join('|') ?? '',
      Boolean(filter.activeOnly),
      Boolean(filter.withContracts),
    ] as const,
  byIds: (ids: readonly number[], withContracts = false) =>
    ['admin-widgets', 'users', [...ids].sort((a, b) => a - b).join('|'), withContracts] as const,
};

/** Users whose full name starts with the text, by name (`having[full_name]=text%`). */
export async function searchUsers(
  client: ApiClient,
  text: string,
  filter: UserSearchFilter,
  signal?: AbortSignal,
): Promise<UserOption[]> {
  const where: Record<string, string | number> = {};
  if (filter.roleIds?.length) where.role_id = anyOfFilter(filter.roleIds);
  if (filter.activeOnly) where.active = 1;
  const answer = await client.get<{ data: UserOption[] }>(
    '/api/users',
    {
      having: { full_name: `${text}%` },
      filter: where,
      select: COLUMNS,
      with: filter.withContracts ? CONTRACT_RELATIONS : undefined,
      sort: 'full_name',
      page: 1,
      perpage: SEARCH_LIMIT,
    },
    { signal },
  );
  return answer.data;
}

/** Names of users known only by id (a `?create` link's presets, a stored record's people). */
export async function fetchUsersByIds(
  client: ApiClient,
  ids: readonly number[],
  signal?: AbortSignal,
  withContracts = false,
): Promise<UserOption[]> {
  if (ids.length === 0) return [];
  const answer = await client.get<{ data: UserOption[] }>(
    '/api/users',
    {
      filter: { id: anyOfFilter(ids) },
      select: COLUMNS,
      with: withContracts ? CONTRACT_RELATIONS : undefined,
    },
    { signal },
  );
  return answer.data;
}

/** Active users of these roles, by name: a short list for a plain dropdown (managers, teachers). */
export async function fetchUsersOfRoles(
  client: ApiClient,
  roleIds: readonly number[],
  signal?: AbortSignal,
): Promise<UserOption[]> {
  const answer = await client.get<{ data: UserOption[] }>(
    '/api/users',
    { filter: { role_id: anyOfFilter(roleIds), active: 1 }, select: COLUMNS, sort: 'full_name' },
    { signal },
  );
  return answer.data;
}
