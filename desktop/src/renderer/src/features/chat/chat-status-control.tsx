import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHAT_STATUSES, type ChatStatus } from './chat-prototype.types';

/**
 * The window's own status in the room (spec part 2 §7 changeStatus) and Leave chat (leaveChat);
 * after leaving, one button brings the window back (joinRoom). A call sets Busy by itself.
 */
export function ChatStatusControl(props: {
  status: ChatStatus | null;
  joined: boolean;
  left: boolean;
  onStatus: (status: ChatStatus) => void;
  onLeave: () => void;
  onRejoin: () => void;
}) {
  const { t } = useTranslation();
  if (props.left) {
    return (
      <div className="chat-page__status" data-testid="chat-left">
        <p className="chat-page__muted">{t('chat.left')}</p>
        <Button intent="primary" icon="log-in" onClick={props.onRejoin} data-testid="chat-rejoin">
          {t('chat.rejoin')}
        </Button>
      </div>
    );
  }
  return (
    <div className="chat-page__status">
      <label className="chat-page__status-label">
        <span>{t('chat.myStatus')}</span>
        <HTMLSelect
          value={props.status ?? 'available'}
          disabled={!props.joined || props.status === null}
          onChange={(event) => props.onStatus(event.currentTarget.value as ChatStatus)}
          data-testid="chat-status"
          options={CHAT_STATUSES.map((status) => ({ value: status, label: t(`chat.status.${status}`) }))}
        />
      </label>
      <Button
        variant="minimal"
        icon="log-out"
        disabled={!props.joined}
        onClick={props.onLeave}
        data-testid="chat-leave"
      >
        {t('chat.leave')}
      </Button>
    </div>
  );
}
