import { anyOfFilter, type ApiClient } from '@school/shared/api';

/** A user as the pickers list them (spec part 2 §7 "user search"). */
export interface UserOption {
  id: number;
  full_name: string;
  role_id: number;
  responsible_type_id?: number | null;
}

const SEARCH_LIMIT = 15;
const COLUMNS = ['id', 'full_name', 'role_id', 'responsible_type_id'];

export interface UserSearchFilter {
  /** Only these roles (`filter[role_id]=4|5`). */
  roleIds?: readonly number[];
  /** Only active users (part 2 §5: only active users are selectable). */
  activeOnly?: boolean;
}

export const userSearchKeys = {
  /** A search's key without the text (the search picker appends it). */
  search: (filter: UserSearchFilter) => ['admin-widgets', 'user-search', filter.roleIds?.join('|') ?? '', Boolean(filter.activeOnly)] as const,
  byIds: (ids: readonly number[]) => ['admin-widgets', 'users', [...ids].sort((a, b) => a - b).join('|')] as const,
};

/** Users whose full name starts with the text, by name (`having[full_name]=text%`). */
export async function searchUsers(client: ApiClient, text: string, filter: UserSearchFilter, signal?: AbortSignal): Promise<UserOption[]> {
  const where: Record<string, string | number> = {};
  if (filter.roleIds?.length) where.role_id = anyOfFilter(filter.roleIds);
  if (filter.activeOnly) where.active = 1;
  const answer = await client.get<{ data: UserOption[] }>(
    '/api/users',
    { having: { full_name: `${text}%` }, filter: where, select: COLUMNS, sort: 'full_name', page: 1, perpage: SEARCH_LIMIT },
    { signal },
  );
  return answer.data;
}

/** Names of users known only by id (a `?create` link's presets). */
export async function fetchUsersByIds(client: ApiClient, ids: readonly number[], signal?: AbortSignal): Promise<UserOption[]> {
  if (ids.length === 0) return [];
  const answer = await client.get<{ data: UserOption[] }>('/api/users', { filter: { id: anyOfFilter(ids) }, select: COLUMNS }, { signal });
  return answer.data;
}

/** Active users of these roles, by name: a short list for a plain dropdown (managers, teachers). */
export async function fetchUsersOfRoles(client: ApiClient, roleIds: readonly number[], signal?: AbortSignal): Promise<UserOption[]> {
  const answer = await client.get<{ data: UserOption[] }>(
    '/api/users',
    { filter: { role_id: anyOfFilter(roleIds), active: 1 }, select: COLUMNS, sort: 'full_name' },
    { signal },
  );
  return answer.data;
}
