import type { ApiClient } from '@school/shared/api';
import { ROLE } from '@school/shared/domain';
import { fetchUsersOfRoles, type UserOption } from '../../kit/admin-widgets/user-search.api';

/** Calls of the user form (spec part 2 §7 lookups in data.data). */

export interface Choice {
  id: number;
  label: string;
}

export const userFormKeys = {
  lookup: (name: string, language: string) => ['user-form', 'lookup', name, language] as const,
  managers: ['user-form', 'managers'] as const,
};

interface LookupRow {
  id: number;
  name?: string | null;
  number?: number;
  code?: string;
  minutes?: number;
}

/** The lookups a user form offers (checkboxes, and the source select); names come in the request's language. */
export const USER_LOOKUPS = {
  sources: 'user_sources',
  classes: 'classifications',
  languages: 'languages',
  teaching_formats: 'teaching_formats',
  teaching_programs: 'teaching_programs',
  teaching_styles: 'teaching_styles',
  teaching_study_types: 'study_types',
  study_durations: 'study_durations',
} as const;
export type UserLookup = keyof typeof USER_LOOKUPS;

/** A lookup's rows as choices; study durations are labelled by the caller (minutes). */
export async function fetchLookup(
  client: ApiClient,
  name: UserLookup,
  signal?: AbortSignal,
): Promise<Array<Choice & { minutes?: number }>> {
  const answer = await client.get<{ data: LookupRow[] }>(`/api/${USER_LOOKUPS[name]}`, undefined, { signal });
  return answer.data.map((row) => ({
    id: row.id,
    label:
      row.number !== undefined
        ? String(row.number)
        : row.code && row.name
          ? `${row.code} · ${row.name}`
          : (row.name ?? row.code ?? `#${row.id}`),
    minutes: row.minutes,
  }));
}

/** Part 2 §6: the manager dropdown lists active Managers. */
export function fetchManagers(client: ApiClient, signal?: AbortSignal): Promise<UserOption[]> {
  return fetchUsersOfRoles(client, [ROLE.Manager], signal);
}
