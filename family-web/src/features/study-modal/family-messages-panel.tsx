import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelAccess, useStudyMessages } from '@school/shared/ui/study-panels';
import { SendIcon, TrashIcon } from '../../components/icons';

/**
 * Messages in the family modal (spec part 2 §2 "Study messages panel"): who wrote (name and
 * role) and when (Kyiv), a box that never sends empty text, Ctrl+Enter, delete of one's own;
 * the teacher's answers arrive live.
 */
export function FamilyMessagesPanel({ studyId }: { studyId: number }) {
  const { t } = useTranslation();
  const { viewer, ability } = usePanelAccess();
  const panel = useStudyMessages({ studyId, viewer, ability });
  const [confirm, setConfirm] = useState<number | null>(null);
  const inputId = useId();

  return (
    <div className="panel" data-testid="messages-panel">
      {panel.loading ? <p className="panel__muted">{t('studyPanels.loading')}</p> : null}
      {panel.loadError ? (
        <p className="panel__error" role="alert">
          {panel.loadError}
        </p>
      ) : null}
      {!panel.loading && !panel.loadError && panel.items.length === 0 ? (
        <p className="panel__muted" data-testid="messages-empty">
          {t('studyPanels.messages.empty')}
        </p>
      ) : null}
      {panel.items.length > 0 ? (
        <ol className="messages__list" ref={panel.listRef} data-testid="messages-list">
          {panel.items.map((item) => (
            <li
              key={item.message.id}
              className={`message${item.own ? ' message--own' : ''}`}
              data-testid={`message-${item.message.id}`}
            >
              <div className="message__meta">
                <strong className="message__author">
                  {item.own ? t('studyPanels.messages.you') : item.author}
                </strong>
                {item.role && !item.own ? <span className="message__role">{item.role}</span> : null}
                <time className="message__time" dateTime={item.message.created_at}>
                  {item.time}
                </time>
              </div>
              <p className="message__content">{item.message.content}</p>
              {item.canDelete ? (
                confirm === item.message.id ? (
                  <div className="panel__confirm" data-testid="message-confirm">
                    <p>{t('studyPanels.messages.confirmDelete')}</p>
                    <div className="panel__confirm-actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setConfirm(null)}
                      >
                        {t('studyPanels.cancel')}
                      </button>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        onClick={() => {
                          setConfirm(null);
                          void panel.remove(item.message);
                        }}
                        data-testid="message-confirm-delete"
                      >
                        {t('studyPanels.delete')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <button
                    type="button"
                    className="message__delete"
                    aria-label={t('studyPanels.messages.delete')}
                    title={t('studyPanels.messages.delete')}
                    disabled={panel.deletingId === item.message.id}
                    onClick={() => setConfirm(item.message.id)}
                    data-testid={`message-delete-${item.message.id}`}
                  >
                    <TrashIcon width={16} height={16} />
                  </button>
                )
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {panel.canSend ? (
        <form
          className="messages__form"
          onSubmit={(event) => {
            event.preventDefault();
            void panel.send();
          }}
        >
          <label className="visually-hidden" htmlFor={inputId}>
            {t('studyPanels.messages.placeholder')}
          </label>
          <textarea
            id={inputId}
            className={`field__input messages__input${panel.draftError ? ' messages__input--invalid' : ''}`}
            rows={2}
            value={panel.draft}
            placeholder={t('studyPanels.messages.placeholder')}
            aria-invalid={panel.draftError ? true : undefined}
            onChange={(event) => panel.setDraft(event.currentTarget.value)}
            onKeyDown={panel.onDraftKeyDown}
            data-testid="message-input"
          />
          <button
            type="submit"
            className="button button--primary button--small button--auto messages__send"
            disabled={panel.sending}
            aria-label={t('studyPanels.messages.send')}
            data-testid="message-send"
          >
            <SendIcon />
            <span className="messages__send-text">{t('studyPanels.messages.send')}</span>
          </button>
        </form>
      ) : null}
      {panel.draftError ? (
        <p className="panel__error" role="alert" data-testid="message-error">
          {panel.draftError}
        </p>
      ) : null}
      {panel.actionError ? (
        <p className="panel__error" role="alert" data-testid="messages-problem">
          {panel.actionError}
        </p>
      ) : null}
    </div>
  );
}
