import type { ApiClient } from '@school/shared/api';

/**
 * The calls of the study panels, exactly as spec part 1 §7 and part 2 §7 list them:
 * homework (study tasks), messages, study reports, the previous report and the evaluation.
 */

export interface PanelPerson {
  id: number;
  full_name: string;
  role_id?: number;
  role?: { id: number; name: string } | null;
}

/** A homework file (part 2 §3: id, user_id, creator_id, file_name, file_mime). */
export interface StudyTask {
  id: number;
  study_id: number;
  /** The student the homework belongs to. */
  user_id: number;
  creator_id: number | null;
  file_name: string;
  file_mime: string | null;
  file_size?: number | null;
  created_at?: string | null;
}

/** Part 2 §3: id, study_id, user_id, content, created_at, user (full_name, role). */
export interface StudyMessage {
  id: number;
  study_id: number;
  user_id: number;
  content: string;
  created_at: string;
  /** The author as every reader of the chat may see them (full name, role). */
  author?: PanelPerson | null;
  /** The author's user row; null when the reader may not read that user (then `author` tells). */
  user?: PanelPerson | null;
}

/** A report as the modal reads it: ids always, subject and content for those who may read them. */
export interface StudyReportRow {
  id: number;
  study_id?: number;
  user_id: number;
  subject?: string | null;
  content?: string | null;
  created_at?: string | null;
  /** The row's version (If-Match of an edit), when asked for. */
  updated_at?: string | null;
}

export interface StudyEvaluation {
  id: number;
  study_id: number;
  score: number | string | null;
  report: string | null;
  created_at?: string | null;
}

export interface PreviousReport {
  subject: string | null;
  content: string | null;
}

type List<T> = { data: T[] };
type One<T> = { data: T };

/** GET api/study_tasks with filter[study_id] (part 1 §7). */
export async function fetchStudyTasks(
  client: ApiClient,
  studyId: number,
  signal?: AbortSignal,
): Promise<StudyTask[]> {
  const answer = await client.get<List<StudyTask>>(
    '/api/study_tasks',
    { filter: { study_id: studyId } },
    { signal },
  );
  return answer.data;
}

/** The multipart field the study update takes homework files in (part 1 §7, part 2 §6 "study_task"). */
export const STUDY_TASK_FIELD = 'study_task[]';

/**
 * POST api/studies/{id} as a form with _method=patch and the files as study_task; `user_id` says
 * which student of the study the homework belongs to (a group lesson has several).
 */
export async function uploadStudyTasks(
  client: ApiClient,
  studyId: number,
  studentId: number,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<void> {
  const form = new FormData();
  form.append('_method', 'patch');
  form.append('user_id', String(studentId));
  for (const file of files) form.append(STUDY_TASK_FIELD, file, file.name);
  await client.post(`/api/studies/${studyId}`, form, { signal });
}

/** GET /api/study_tasks/{id}/download (part 2 §7), as a blob: a refusal is shown, not saved as a file. */
export function downloadStudyTask(client: ApiClient, taskId: number): Promise<Blob> {
  return client.get<Blob>(`/api/study_tasks/${taskId}/download`, undefined, { responseKind: 'blob' });
}

/** DELETE api/study_tasks/{id} (part 2 §7). */
export async function deleteStudyTask(client: ApiClient, taskId: number): Promise<void> {
  await client.delete(`/api/study_tasks/${taskId}`);
}

/** GET api/study_messages?with[]=user&filter[study_id]={id} (part 2 §7). */
export async function fetchStudyMessages(
  client: ApiClient,
  studyId: number,
  signal?: AbortSignal,
): Promise<StudyMessage[]> {
  const answer = await client.get<List<StudyMessage>>(
    '/api/study_messages',
    { with: ['user'], filter: { study_id: studyId } },
    { signal },
  );
  return answer.data;
}

/** POST api/study_messages, multipart study_id, user_id, content; the new message in data.data. */
export async function sendStudyMessage(
  client: ApiClient,
  studyId: number,
  userId: number,
  content: string,
): Promise<StudyMessage> {
  const form = new FormData();
  form.append('study_id', String(studyId));
  form.append('user_id', String(userId));
  form.append('content', content);
  const answer = await client.post<One<StudyMessage>>('/api/study_messages', form, {
    query: { with: ['user'] },
  });
  return answer.data;
}

/**
 * POST api/studies/{id}/messages/read: the viewer has seen the chat up to `lastMessageId` (the
 * calendar's unread flag clears). Best effort: a server without it, or a refusal, changes nothing.
 */
export async function markStudyMessagesRead(
  client: ApiClient,
  studyId: number,
  lastMessageId: number,
): Promise<boolean> {
  try {
    await client.post(`/api/studies/${studyId}/messages/read`, { last_message_id: lastMessageId });
    return true;
  } catch {
    return false;
  }
}

/** DELETE api/study_messages/{id}. */
export async function deleteStudyMessage(client: ApiClient, messageId: number): Promise<void> {
  await client.delete(`/api/study_messages/${messageId}`);
}

/**
 * GET api/study_reports with filter[study_id] and select[]=user_id, id, plus subject and content for
 * a Responsible (part 1 §7).
 */
export async function fetchStudyReports(
  client: ApiClient,
  studyId: number,
  withText: boolean,
  signal?: AbortSignal,
): Promise<StudyReportRow[]> {
  const select = withText ? ['user_id', 'id', 'subject', 'content'] : ['user_id', 'id'];
  const answer = await client.get<List<StudyReportRow>>(
    '/api/study_reports',
    { filter: { study_id: studyId }, select },
    { signal },
  );
  return answer.data;
}

/** GET api/studies/{id}/users/{userId}/previous-report; a failure means no report (part 1 §8). */
export async function fetchPreviousReport(
  client: ApiClient,
  studyId: number,
  userId: number,
  signal?: AbortSignal,
): Promise<PreviousReport | null> {
  try {
    const answer = await client.get<One<PreviousReport | null>>(
      `/api/studies/${studyId}/users/${userId}/previous-report`,
      undefined,
      { signal },
    );
    return answer.data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

/** GET api/studies/{id}/evaluation: score and report; 403 and 404 are the spec's messages. */
export async function fetchStudyEvaluation(
  client: ApiClient,
  studyId: number,
  signal?: AbortSignal,
): Promise<StudyEvaluation> {
  const answer = await client.get<One<StudyEvaluation>>(`/api/studies/${studyId}/evaluation`, undefined, {
    signal,
  });
  return answer.data;
}
