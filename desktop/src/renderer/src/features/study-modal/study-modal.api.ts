import { anyOfFilter, type ApiClient } from '@school/shared/api';
import { NOTIFY_TYPE } from '@school/shared/rules';

/** Calls of the study event modal (spec part 1 §7). */

export interface ContactPhone {
  id: number;
  phone: string;
  type?: { id: number; name: string } | null;
}

export interface ContactUser {
  id: number;
  full_name: string;
  phones?: ContactPhone[];
  responsible_type?: { id: number; name: string } | null;
  responsibles?: ContactUser[];
}

export const studyModalKeys = {
  contacts: (ids: readonly number[]) =>
    ['study-modal', 'contacts', [...ids].sort((a, b) => a - b).join('|')] as const,
};

/** Phones and responsibles of the study's students; only for those who manage users. */
export async function fetchContacts(client: ApiClient, userIds: readonly number[]): Promise<ContactUser[]> {
  const answer = await client.get<{ data: ContactUser[] }>('/api/users', {
    with: ['phones.type', 'responsibles.phones', 'responsibles.responsible_type'],
    filter: { id: anyOfFilter(userIds) },
  });
  return answer.data;
}

/** POST api/users/{id}/notify with the in-progress reminder (type 1); 200 means sent. */
export async function notifyUser(client: ApiClient, userId: number, studyId: number): Promise<void> {
  await client.post(`/api/users/${userId}/notify`, {
    type_id: NOTIFY_TYPE.StudyInProgress,
    study_id: studyId,
  });
}

/**
 * The report form's deep links (spec part 2 "Study report form": study_id and user_id; part 1 §2
 * `?create`, `?edit=id`), served by the study reports admin page.
 */
export const reportFormPath = {
  create: (studyId: number, userId: number) =>
    `/admin/study_reports?create&study_id=${studyId}&user_id=${userId}`,
  edit: (reportId: number) => `/admin/study_reports?edit=${reportId}`,
};
