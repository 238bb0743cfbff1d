import type { ApiClient } from '@school/shared/api';

/* Its own module: the tab bar loads it on demand, for students only (family bundle budget). */

/** The school's switch that lets a Student pay their own invoices (a feature flag, read by all). */
export const STUDENT_PAYMENTS_FLAG = 'student_payments_enabled';

/** GET api/feature-flags?filter[name]=…: whether students may pay; off when unknown. */
export async function fetchStudentsMayPay(client: ApiClient, signal?: AbortSignal): Promise<boolean> {
  const answer = await client.get<{ data: Array<{ name: string; enabled: boolean }> }>(
    '/api/feature-flags',
    { filter: { name: STUDENT_PAYMENTS_FLAG } },
    { signal },
  );
  return answer.data.some((flag) => flag.name === STUDENT_PAYMENTS_FLAG && flag.enabled === true);
}
