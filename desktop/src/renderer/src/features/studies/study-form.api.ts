import { anyOfFilter, type ApiClient } from '@school/shared/api';
import type { ResourceQuery } from '@school/shared/api';
import type { StudyParticipant } from './study-form.mapper';

/** Calls of the study form (spec part 2 §7). */

export const studyFormKeys = {
  search: ['study-form', 'user-search'] as const,
  people: (ids: readonly number[]) => ['study-form', 'people', [...ids].sort((a, b) => a - b).join('|')] as const,
  subscriptions: (studentId: number) => ['study-form', 'subscriptions', studentId] as const,
};

/** The study as the form reads it: participants with their role and package in this study. */
export const STUDY_FORM_QUERY: ResourceQuery = { with: ['users'] };

const SEARCH_LIMIT = 15;

interface UserRow {
  id: number;
  full_name: string;
  role_id: number;
}

/** Active users whose full name starts with the text, by name (part 2 §5: only active users are selectable). */
export async function searchUsers(client: ApiClient, text: string, signal?: AbortSignal): Promise<StudyParticipant[]> {
  const answer = await client.get<{ data: UserRow[] }>(
    '/api/users',
    {
      having: { full_name: `${text}%` },
      filter: { active: 1 },
      select: ['id', 'full_name', 'role_id'],
      sort: 'full_name',
      page: 1,
      perpage: SEARCH_LIMIT,
    },
    { signal },
  );
  return answer.data;
}

/** Names and roles of users a link presets (`users[]=…`). */
export async function fetchPeople(client: ApiClient, ids: readonly number[], signal?: AbortSignal): Promise<StudyParticipant[]> {
  if (ids.length === 0) return [];
  const answer = await client.get<{ data: UserRow[] }>(
    '/api/users',
    { filter: { id: anyOfFilter(ids) }, select: ['id', 'full_name', 'role_id'] },
    { signal },
  );
  return answer.data;
}

export interface SubscriptionOption {
  id: number;
  created_at?: string;
  price_per_study?: number;
  contract?: { id: number; payer?: { full_name?: string } | null } | null;
}

/** A student's packages, newest first (part 2 §5, §7): adding a student loads them. */
export async function fetchStudentSubscriptions(client: ApiClient, studentId: number, signal?: AbortSignal): Promise<SubscriptionOption[]> {
  const answer = await client.get<{ data: SubscriptionOption[] }>(
    '/api/subscriptions',
    { with: ['contract'], sort: ['-created_at'], withFilter: { 'contract.student_id': studentId } },
    { signal },
  );
  return answer.data;
}

export interface InitiatorOption {
  value: number;
  text: string;
}

/** Who asked for a date change (part 2 §7); a failure is only logged (§8): the list stays empty. */
export async function fetchInitiators(client: ApiClient): Promise<InitiatorOption[]> {
  const answer = await client.get<{ initiators: InitiatorOption[] }>('/api/studies/initiator-options');
  return answer.initiators;
}
