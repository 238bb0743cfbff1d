import type { ApiClient } from '@school/shared/api';
import type { FamilyProfile } from '@school/shared/domain';

/** GET api/family-profile: the signed-in student's or parent's own account (docs/api.md). */
export async function fetchFamilyProfile(client: ApiClient, signal: AbortSignal): Promise<FamilyProfile> {
  const answer = await client.get<{ data: FamilyProfile }>('/api/family-profile', undefined, { signal });
  return answer.data;
}

/** 2012-05-31 → 31.05.2012, as the rest of the app writes dates; anything else as it came. */
export function formatBirthdate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}
