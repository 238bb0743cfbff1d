import { Button, Classes, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';
import { PendingWriteNote } from './pending-write-note';
import { useWriteQueue, writtenFields } from './write-queue-sync';
import type { QueuedWrite } from './write-queue.rules';
import './pending-writes.css';

function preview(write: QueuedWrite): string {
  const fields = writtenFields(write);
  const text = fields.content ?? fields.comment ?? fields.subject ?? '';
  if (write.body.type === 'multipart') return write.body.files.map((file) => file.name).join(', ');
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * How many of the teacher's writes wait to be sent, next to the offline banner; opened, the list
 * with each write's state, and "Discard" for a write the server refused.
 */
export function PendingWritesBadge() {
  const { t } = useTranslation();
  const { writeQueue } = useServices();
  const { writes, waitingForSignIn } = useWriteQueue();
  if (writes.length === 0) return null;
  const troubled = writes.some((write) => write.state !== 'pending');
  return (
    <div className="pending-writes-slot">
      <PopoverNext
        placement="bottom-end"
        content={
          <div className="pending-writes" data-testid="pending-writes-list">
            <h4 className={Classes.HEADING}>{t('offlineWrites.listTitle')}</h4>
            {waitingForSignIn ? (
              <p data-testid="pending-writes-signin">{t('offlineWrites.waitingForSignIn')}</p>
            ) : null}
            <ol className="pending-writes__list">
              {writes.map((write) => (
                <li key={write.id} data-testid="pending-writes-item" data-state={write.state}>
                  <strong>{t(`offlineWrites.kinds.${write.kind}`, { id: write.studyId ?? '' })}</strong>
                  <span className={Classes.TEXT_MUTED}> {preview(write)}</span>
                  <div>
                    <PendingWriteNote write={write} testId="pending-writes-state" />
                    {write.state === 'failed' ? (
                      <Button
                        size="small"
                        variant="minimal"
                        icon="trash"
                        text={t('offlineWrites.discard')}
                        onClick={() => void writeQueue.discard(write.id)}
                        data-testid="pending-writes-discard"
                      />
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          </div>
        }
      >
        <Tag
          interactive
          round
          icon="cloud-upload"
          intent={troubled ? 'danger' : 'warning'}
          data-testid="pending-writes-badge"
          data-count={writes.length}
        >
          {t('offlineWrites.pendingCount', { count: writes.length })}
        </Tag>
      </PopoverNext>
    </div>
  );
}
