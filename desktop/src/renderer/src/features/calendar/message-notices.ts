import { DateTime } from 'luxon';
import type { ApiClient, DataEnvelope } from '@school/shared/api';
import { TIME_ZONE } from '@school/shared/domain';
import { teachersOf, type CalendarStudy } from '@school/shared/ui/calendar';
import { fetchStudyMessages, type StudyMessage } from '@school/shared/ui/study-panels';
import type { NativeBridge } from '../../platform/native-bridge.types';
import { noticeBody, shouldNotifyOfMessage } from './message-notice.rule';

/** A message older than this when its event arrives (a deletion left it the newest) is old news. */
const FRESH_MS = 10 * 60_000;

export interface MessageNoticeDeps {
  client: ApiClient;
  native: Pick<NativeBridge, 'notifyMessage'>;
  viewer: { id: number; roleId: number };
  language: string;
  t: (
    key: 'desktopNotifications.messageTitle' | 'desktopNotifications.someone',
    values?: Record<string, string>,
  ) => string;
  now?: () => number;
}

const newest = (messages: readonly StudyMessage[]) =>
  messages.reduce<StudyMessage | null>((a, m) => (!a || m.id > a.id ? m : a), null);

/**
 * The calendar socket's `message` events, turned into notifications (issue #17 point 5): the
 * event says only which study; the chat and the study's participants are read through REST (what
 * this user may read), and the rule decides. Each message is notified once per window.
 */
export function createMessageNotices(deps: MessageNoticeDeps) {
  const notified = new Set<number>();
  const now = deps.now ?? Date.now;
  return async function onStudyMessage(studyId: number): Promise<void> {
    const message = newest(await fetchStudyMessages(deps.client, studyId));
    if (!message || notified.has(message.id)) return;
    if (now() - Date.parse(message.created_at) > FRESH_MS) return;
    // Marked before the next await: a second event of the same burst must not notify again.
    notified.add(message.id);
    const study = (
      await deps.client.get<DataEnvelope<CalendarStudy>>(`/api/studies/${studyId}`, { with: ['users'] })
    ).data;
    const facts = {
      viewerId: deps.viewer.id,
      viewerRoleId: deps.viewer.roleId,
      authorId: message.user_id,
      participantIds: (study.users ?? []).map((u) => u.id),
      teacherIds: teachersOf(study).map((u) => u.id),
    };
    if (!shouldNotifyOfMessage(facts)) return;
    const sender =
      message.user?.full_name ?? message.author?.full_name ?? deps.t('desktopNotifications.someone');
    const date = DateTime.fromISO(study.start.replace(' ', 'T'), { zone: TIME_ZONE })
      .setLocale(deps.language)
      .toFormat('d MMM, HH:mm');
    await deps.native.notifyMessage({
      studyId,
      messageId: message.id,
      title: deps.t('desktopNotifications.messageTitle', { sender, date }),
      body: noticeBody(message.content),
    });
  };
}
