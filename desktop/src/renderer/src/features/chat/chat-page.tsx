import { Button, Card, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth, usePageTitle } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';
import { ChatStatusControl } from './chat-status-control';
import { ChatVideo } from './chat-video';
import type { ChatErrorKey } from './chat-prototype.types';
import { useChatPrototype } from './use-chat-prototype';
import './chat-page.css';

const ERROR_TOAST_MS = 10_000;
const MAX_MESSAGE_LENGTH = 1000;

/**
 * /chat (spec part 2 §2 "Chat prototype"): a room's lines with a text input and Send, the room's
 * members with Call, Answer when an offer arrived, and the remote and local video. Errors are toasts.
 * The own status, Leave chat, and private lines to one member (Write privately) send the rest of
 * the spec's §7 events.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ability = useAbility();
  usePageTitle('chat.title');
  // Only staff take part (the server refuses the others too).
  if (!user || !ability.can('read', 'school_internal')) {
    return (
      <div className="page chat-page" data-testid="chat-page">
        <h1 className="page__title">{t('chat.title')}</h1>
        <p data-testid="chat-staff-only">{t('chat.staffOnly')}</p>
      </div>
    );
  }
  return <ChatRoom user={user} />;
}

function ChatRoom({ user }: { user: { id: number; full_name: string } }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const onError = (key: ChatErrorKey) =>
    toasts.show({
      intent: 'danger',
      title: t('chat.errorTitle'),
      message: t(`chat.errors.${key}`),
      timeoutMs: ERROR_TOAST_MS,
    });
  const chat = useChatPrototype({ id: user.id, name: user.full_name }, onError);
  const [draft, setDraft] = useState('');
  const [roomDraft, setRoomDraft] = useState(chat.room);
  /** The member a private line goes to; null: the whole room. */
  const [recipient, setRecipient] = useState<string | null>(null);
  // Names of every member seen: a private line still names its addressee after they (or we) left.
  const seen = useRef(new Map<string, string>());
  for (const m of chat.members) seen.current.set(m.peer, m.username);
  const nameOf = (peer: string | null) => (peer === null ? '' : (seen.current.get(peer) ?? ''));
  // A recipient who left the room is nobody to write to.
  const to = recipient !== null && chat.members.some((m) => m.peer === recipient) ? recipient : null;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if (await (to ? chat.sendPrivate(to, text) : chat.send(text))) setDraft('');
  };
  // Ctrl+Enter sends (spec part 2 §9).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };
  const inCall = chat.phase !== 'idle';
  const others = chat.members.filter((m) => m.peer !== chat.me);
  const myStatus = chat.members.find((m) => m.peer === chat.me)?.status ?? null;
  const lineLabel = (line: (typeof chat.lines)[number]) =>
    line.from === chat.me
      ? t('chat.privateTo', { name: nameOf(line.to ?? null) })
      : t('chat.privateFrom', { name: line.username });

  return (
    <div className="page chat-page" data-testid="chat-page">
      <h1 className="page__title" data-testid="page-title">
        {t('chat.title')}
        <Tag
          minimal
          round
          intent={chat.connection === 'joined' ? 'success' : 'warning'}
          className="chat-page__state"
          data-testid="chat-connection"
        >
          {t(`chat.connection.${chat.connection}`)}
        </Tag>
      </h1>
      <div className="chat-page__grid">
        <Card className="chat-page__side">
          <form
            className="chat-page__room"
            onSubmit={(e) => {
              e.preventDefault();
              if (/^[\p{L}\p{N}_-]{1,40}$/u.test(roomDraft)) chat.setRoom(roomDraft);
            }}
          >
            <InputGroup
              value={roomDraft}
              onChange={(e) => setRoomDraft(e.target.value)}
              leftIcon="people"
              aria-label={t('chat.room')}
              data-testid="chat-room"
              rightElement={
                <Button
                  type="submit"
                  minimal
                  icon="log-in"
                  aria-label={t('chat.join')}
                  title={t('chat.join')}
                />
              }
            />
          </form>
          <ChatStatusControl
            status={myStatus}
            joined={chat.connection === 'joined'}
            left={chat.connection === 'left'}
            onStatus={(status) => void chat.changeStatus(status)}
            onLeave={() => void chat.leaveChat()}
            onRejoin={() => void chat.join()}
          />
          <h2 className="chat-page__heading">{t('chat.members')}</h2>
          {others.length === 0 ? <p className="chat-page__muted">{t('chat.nobody')}</p> : null}
          <ul className="chat-page__members" data-testid="chat-members">
            {others.map((m) => (
              <li key={m.peer} className="chat-page__member" data-testid="chat-member" data-status={m.status}>
                <span className={`chat-page__dot chat-page__dot--${m.status}`} />
                <span className="chat-page__member-name">
                  {m.username}
                  <small className="chat-page__member-status" data-testid="chat-member-status">
                    {t(`chat.status.${m.status}`)}
                  </small>
                </span>
                <Button
                  small
                  minimal
                  icon="lock"
                  active={to === m.peer}
                  aria-label={t('chat.writePrivately')}
                  title={t('chat.writePrivately')}
                  onClick={() => setRecipient(m.peer)}
                  data-testid="chat-private"
                />
                <Button
                  small
                  intent="success"
                  icon="video"
                  disabled={inCall || m.status !== 'available'}
                  onClick={() => void chat.call(m.peer)}
                  data-testid="chat-call"
                >
                  {t('chat.call')}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="chat-page__messages">
          <ol className="chat-page__lines" data-testid="chat-lines">
            {chat.lines.length === 0 ? <li className="chat-page__muted">{t('chat.empty')}</li> : null}
            {chat.lines.map((line, i) => (
              <li
                key={`${line.sent_at}-${i}`}
                className={`chat-page__line${line.from === chat.me ? ' chat-page__line--mine' : ''}${line.private ? ' chat-page__line--private' : ''}`}
                data-testid="chat-line"
                data-private={line.private ? 'true' : undefined}
              >
                <strong>{line.username}</strong>
                {line.private ? (
                  <Tag minimal icon="lock" className="chat-page__private-tag" data-testid="chat-line-private">
                    {lineLabel(line)}
                  </Tag>
                ) : null}
                <span className="chat-page__time">
                  {new Date(line.sent_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                </span>
                <div>{line.message}</div>
              </li>
            ))}
          </ol>
          <div className="chat-page__recipient" data-testid="chat-recipient">
            {to ? (
              <Tag
                intent="primary"
                icon="lock"
                onRemove={() => setRecipient(null)}
                data-testid="chat-recipient-private"
              >
                {t('chat.privateTo', { name: nameOf(to) })}
              </Tag>
            ) : (
              <span className="chat-page__muted">{t('chat.toEveryone')}</span>
            )}
          </div>
          <form className="chat-page__compose" onSubmit={(e) => void send(e)}>
            <TextArea
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              maxLength={MAX_MESSAGE_LENGTH}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              data-testid="chat-input"
            />
            <Button
              type="submit"
              intent="primary"
              icon="send-message"
              disabled={!draft.trim() || chat.connection !== 'joined'}
              data-testid="chat-send"
            >
              {t('chat.send')}
            </Button>
          </form>
        </Card>
        <Card className="chat-page__call">
          <div className="chat-page__call-state" data-testid="chat-call-state">
            {t(`chat.phase.${chat.phase}`, { name: nameOf(chat.callPeer) })}
          </div>
          <ChatVideo stream={chat.remoteStream} testId="chat-remote-video" label={t('chat.remoteVideo')} />
          <ChatVideo
            stream={chat.localStream}
            muted
            small
            testId="chat-local-video"
            label={t('chat.localVideo')}
          />
          <div className="chat-page__call-buttons">
            <Button
              intent="success"
              icon="phone"
              disabled={chat.phase !== 'offer-received'}
              onClick={() => void chat.answer()}
              data-testid="chat-answer"
            >
              {t('chat.answer')}
            </Button>
            <Button
              intent="danger"
              icon="cross"
              disabled={!inCall}
              onClick={chat.hangUp}
              data-testid="chat-hang-up"
            >
              {t('chat.hangUp')}
            </Button>
          </div>
        </Card>
      </div>
    </div>
  );
}
