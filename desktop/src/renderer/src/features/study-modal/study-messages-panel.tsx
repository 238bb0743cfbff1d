import { Button, Callout, FormGroup, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelAccess, useStudyMessages, type StudyMessage } from '@school/shared/ui/study-panels';
import { PendingWriteNote } from '../offline/pending-write-note';
import { usePendingWrites, writtenFields } from '../offline/write-queue-sync';

/**
 * The study's messages (spec part 2 §2 "Study messages panel", §5, §6): author with role and Kyiv
 * time, never an empty message, Ctrl+Enter sends, delete by the author or with `delete
 * study_message`; what others write arrives live over the calendar's socket.
 */
export function StudyMessagesPanel({ studyId }: { studyId: number }) {
  const { t } = useTranslation();
  const { viewer, ability } = usePanelAccess();
  const panel = useStudyMessages({ studyId, viewer, ability });
  const [confirm, setConfirm] = useState<StudyMessage | null>(null);
  // Messages written offline (issue 34): shown after the list until the server has them.
  const queued = usePendingWrites({ studyId, kind: 'message' });

  return (
    <div className="study-messages" data-testid="messages-panel">
      {panel.loading ? <Spinner size={20} /> : null}
      {panel.loadError ? (
        <Callout
          intent={panel.notLoadedOffline ? 'none' : 'danger'}
          icon={panel.notLoadedOffline ? 'offline' : undefined}
          compact
          data-testid={panel.notLoadedOffline ? 'not-loaded-offline' : undefined}
        >
          {panel.loadError}
        </Callout>
      ) : null}
      {!panel.loading && !panel.loadError && panel.items.length === 0 && queued.length === 0 ? (
        <p className="study-panel__empty" data-testid="messages-empty">
          {t('studyPanels.messages.empty')}
        </p>
      ) : null}
      {panel.items.length > 0 ? (
        <ol className="study-messages__list" ref={panel.listRef} data-testid="messages-list">
          {panel.items.map((item) => (
            <li
              key={item.message.id}
              className={`study-messages__item${item.own ? ' study-messages__item--own' : ''}`}
              data-testid={`message-${item.message.id}`}
            >
              <div className="study-messages__meta">
                <strong className="study-messages__author">
                  {item.own ? t('studyPanels.messages.you') : item.author}
                </strong>
                {item.role ? (
                  <Tag minimal round className="study-messages__role">
                    {item.role}
                  </Tag>
                ) : null}
                <time className="study-messages__time" dateTime={item.message.created_at}>
                  {item.time}
                </time>
                {item.canDelete ? (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="trash"
                    className="study-messages__delete"
                    aria-label={t('studyPanels.messages.delete')}
                    title={t('studyPanels.messages.delete')}
                    loading={panel.deletingId === item.message.id}
                    onClick={() => setConfirm(item.message)}
                    data-testid={`message-delete-${item.message.id}`}
                  />
                ) : null}
              </div>
              <p className="study-messages__content">{item.message.content}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {queued.length > 0 ? (
        <ol className="study-messages__list study-messages__list--pending" data-testid="messages-pending">
          {queued.map((write) => (
            <li
              key={write.id}
              className="study-messages__item study-messages__item--own study-messages__item--pending"
              data-testid="message-pending"
            >
              <div className="study-messages__meta">
                <strong className="study-messages__author">{t('studyPanels.messages.you')}</strong>
                <PendingWriteNote write={write} />
              </div>
              <p className="study-messages__content">{writtenFields(write).content}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {panel.canSend ? (
        <form
          className="study-messages__form"
          onSubmit={(event) => {
            event.preventDefault();
            void panel.send();
          }}
        >
          <FormGroup
            className="study-messages__field"
            intent={panel.draftError ? 'danger' : 'none'}
            helperText={
              panel.draftError ? (
                <span data-testid="message-error">{panel.draftError}</span>
              ) : (
                <span className="study-messages__hint">{t('studyPanels.messages.sendHint')}</span>
              )
            }
          >
            <TextArea
              fill
              autoResize
              rows={2}
              value={panel.draft}
              placeholder={t('studyPanels.messages.placeholder')}
              aria-label={t('studyPanels.messages.placeholder')}
              intent={panel.draftError ? 'danger' : 'none'}
              onChange={(event) => panel.setDraft(event.currentTarget.value)}
              onKeyDown={panel.onDraftKeyDown}
              data-testid="message-input"
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            icon="send-message"
            text={t('studyPanels.messages.send')}
            loading={panel.sending}
            data-testid="message-send"
          />
        </form>
      ) : null}
      {panel.actionError ? (
        <Callout intent="danger" compact data-testid="messages-problem">
          {panel.actionError}
        </Callout>
      ) : null}
      <ConfirmDialog
        isOpen={confirm !== null}
        testId="message-confirm"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void panel.remove(confirm);
          setConfirm(null);
        }}
      >
        {t('studyPanels.messages.confirmDelete')}
      </ConfirmDialog>
    </div>
  );
}
