import type { ApiClient, ResourceQuery } from '@school/shared/api';

/** Calls of the study form (spec part 2 §7). */

export const studyFormKeys = {
  subscriptions: (studentId: number) => ['study-form', 'subscriptions', studentId] as const,
};

/** The study as the form reads it: participants with their role and package in this study. */
export const STUDY_FORM_QUERY: ResourceQuery = { with: ['users'] };

export interface SubscriptionOption {
  id: number;
  created_at?: string;
  price_per_study?: number;
  contract?: { id: number; payer?: { full_name?: string } | null } | null;
}

/** A student's packages, newest first (part 2 §5, §7): adding a student loads them. */
export async function fetchStudentSubscriptions(
  client: ApiClient,
  studentId: number,
  signal?: AbortSignal,
): Promise<SubscriptionOption[]> {
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
