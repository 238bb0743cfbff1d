import type { ApiClient } from '@school/shared/api';
import { anyOfFilter } from '@school/shared/api';
import { ROLE_GROUPS } from '@school/shared/domain';

export interface PickableUser {
  id: number;
  full_name: string;
  role_id: number;
}

export const userPickerKeys = {
  teachers: ['user-picker', 'teachers'] as const,
};

/** Active teachers and methodologists, by name (the calendar's user list for those who manage users). */
export async function fetchTeachers(client: ApiClient): Promise<PickableUser[]> {
  const answer = await client.get<{ data: PickableUser[] }>('/api/users', {
    filter: { role_id: anyOfFilter(ROLE_GROUPS.teaching), active: 1 },
    select: ['id', 'full_name', 'role_id'],
    sort: ['full_name'],
  });
  return answer.data;
}
