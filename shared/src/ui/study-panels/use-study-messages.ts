import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isWriteQueued } from '@school/shared/api';
import { useApi } from '../api-context';
import { announceChatRead } from './chat-read';
import { isUnreachable, loadFailureText, panelErrorMessage } from './panel-errors';
import {
  deleteStudyMessage,
  fetchStudyMessages,
  markStudyMessagesRead,
  sendStudyMessage,
  type StudyMessage,
} from './study-panels.api';
import {
  canDeleteMessage,
  canSendMessages,
  isSendShortcut,
  MESSAGE_MAX_LENGTH,
  messageDraftProblem,
  messageTimeLabel,
  type PanelViewer,
} from './study-panels.rules';
import { useLiveLoad } from './use-live-load';
import type { PanelAbility } from './panel-ability';

export interface MessageView {
  message: StudyMessage;
  own: boolean;
  author: string;
  /** The author's role in the interface language, '' when unknown. */
  role: string;
  time: string;
  canDelete: boolean;
}

export interface StudyMessagesPanel {
  items: MessageView[];
  /** Put on the list element: a new message (ours or someone else's) scrolls it into view. */
  listRef: RefObject<HTMLOListElement | null>;
  loading: boolean;
  loadError: string | null;
  /** The load failed only because the server cannot be reached: loadError says "not loaded". */
  notLoadedOffline: boolean;
  reload(): void;
  canSend: boolean;
  draft: string;
  setDraft(value: string): void;
  /** Why the draft was not sent (empty, too long, or the server's field message). */
  draftError: string | null;
  sending: boolean;
  send(): Promise<boolean>;
  /** Put on the textarea: Ctrl+Enter sends. */
  onDraftKeyDown(event: { key: string; ctrlKey: boolean; metaKey: boolean; preventDefault(): void }): void;
  deletingId: number | null;
  remove(message: StudyMessage): Promise<boolean>;
  /** A failed delete, or a failed send that is not about the text. */
  actionError: string | null;
  maxLength: number;
}

/** Sorted oldest first, as a chat reads; ties by id. */
export function sortMessages(messages: readonly StudyMessage[]): StudyMessage[] {
  return [...messages].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/** The id to mark the chat read up to: its newest message, null without messages. */
export function newestMessageId(list: readonly StudyMessage[] | undefined): number | null {
  if (!list || list.length === 0) return null;
  return Math.max(...list.map((m) => m.id));
}

/** Adds our own new message at once; the live reload brings the same row again and replaces it. */
export function withMessage(
  list: readonly StudyMessage[] | undefined,
  message: StudyMessage,
): StudyMessage[] {
  return sortMessages([...(list ?? []).filter((m) => m.id !== message.id), message]);
}

/**
 * The study messages panel (spec part 2 §2 "Study messages panel", §5, §6): the list with author,
 * role and Kyiv time, a draft that is never sent empty, Ctrl+Enter, delete by the author or with
 * `delete study_message`, and every change made elsewhere shown live (studyLive).
 */
export function useStudyMessages({
  studyId,
  viewer,
  ability,
}: {
  studyId: number;
  viewer: PanelViewer;
  ability: PanelAbility;
}): StudyMessagesPanel {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const load = useCallback(
    (signal: AbortSignal) => fetchStudyMessages(client, studyId, signal).then(sortMessages),
    [client, studyId],
  );
  const list = useLiveLoad(studyId, load, `messages:${studyId}`);
  const { setData } = list;
  const [draft, setDraftState] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const canSend = canSendMessages(ability);

  const setDraft = useCallback((value: string) => {
    setDraftState(value);
    setDraftError(null);
  }, []);

  // The chat is on screen: what it shows counts as read (the calendar's unread flag clears),
  // again whenever a newer message arrives while it is shown. Once the server has it, the
  // calendars drop their "new message" notice of this study.
  // (A calendar loads again only when it shows this study with the notice.)
  const newestId = newestMessageId(list.data);
  const markedId = useRef(0);
  useEffect(() => {
    if (newestId === null || newestId <= markedId.current) return;
    markedId.current = newestId;
    void markStudyMessagesRead(client, studyId, newestId).then((marked) => {
      if (marked) announceChatRead(studyId);
    });
  }, [client, studyId, newestId]);

  const send = useCallback(async () => {
    const problem = messageDraftProblem(draft);
    if (problem) {
      setDraftError(
        problem === 'empty'
          ? t('studyPanels.messages.emptyError')
          : t('studyPanels.messages.tooLong', { max: MESSAGE_MAX_LENGTH }),
      );
      return false;
    }
    setSending(true);
    setActionError(null);
    try {
      const message = await sendStudyMessage(client, studyId, viewer.id, draft.trim());
      setData((current) => withMessage(current, message));
      setDraftState('');
      setDraftError(null);
      return true;
    } catch (error) {
      if (isWriteQueued(error)) {
        // The staff app kept it in its offline queue: its panel shows it pending until it is sent.
        setDraftState('');
        setDraftError(null);
        return true;
      }
      const content = isApiError(error) ? error.firstFieldErrors().content : undefined;
      if (content) setDraftError(content);
      else setActionError(panelErrorMessage(error, t));
      return false;
    } finally {
      setSending(false);
    }
  }, [draft, client, studyId, viewer.id, setData, t]);

  const onDraftKeyDown = useCallback<StudyMessagesPanel['onDraftKeyDown']>(
    (event) => {
      if (!isSendShortcut(event)) return;
      event.preventDefault();
      if (!sending) void send();
    },
    [send, sending],
  );

  const remove = useCallback(
    async (message: StudyMessage) => {
      setDeletingId(message.id);
      setActionError(null);
      try {
        await deleteStudyMessage(client, message.id);
        setData((current) => current?.filter((m) => m.id !== message.id));
        return true;
      } catch (error) {
        setActionError(panelErrorMessage(error, t));
        return false;
      } finally {
        setDeletingId(null);
      }
    },
    [client, setData, t],
  );

  const items = useMemo<MessageView[]>(() => {
    const now = Date.now();
    return (list.data ?? []).map((message) => {
      const person = message.author ?? message.user;
      const roleId = person?.role?.id ?? person?.role_id;
      return {
        message,
        own: message.user_id === viewer.id,
        author: person?.full_name ?? t('studyPanels.messages.unknownAuthor'),
        role: roleId ? t(`roles.${roleId}`, { defaultValue: person?.role?.name ?? '' }) : '',
        time: messageTimeLabel(message.created_at, now, i18n.language),
        canDelete: canDeleteMessage(ability, message, viewer.id),
      };
    });
  }, [list.data, viewer.id, ability, t, i18n.language]);

  const listRef = useRef<HTMLOListElement>(null);
  const lastId = items.at(-1)?.message.id;
  useEffect(() => {
    const node = listRef.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [lastId]);

  return {
    items,
    listRef,
    loading: list.loading,
    notLoadedOffline: list.data === undefined && isUnreachable(list.error),
    loadError:
      list.error && list.data === undefined
        ? loadFailureText(list.error, 'studyPanels.messages.loadFailed', t)
        : null,
    reload: list.reload,
    canSend,
    draft,
    setDraft,
    draftError,
    sending,
    send,
    onDraftKeyDown,
    deletingId,
    remove,
    actionError,
    maxLength: MESSAGE_MAX_LENGTH,
  };
}
