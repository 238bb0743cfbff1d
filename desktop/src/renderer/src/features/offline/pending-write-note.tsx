import { Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { QueuedWrite } from './write-queue.rules';

/**
 * "Pending — will be sent when online" beside what a queued write changed (the comment, a report,
 * a chat message, homework files); a write the server refused says so with its message instead.
 */
export function PendingWriteNote({ write, testId }: { write: QueuedWrite; testId?: string }) {
  const { t } = useTranslation();
  const failed = write.state === 'failed';
  const conflict = write.state === 'conflict';
  return (
    <Tag
      minimal
      intent={failed || conflict ? Intent.DANGER : Intent.WARNING}
      icon={<Icon icon={failed ? 'error' : conflict ? 'git-merge' : 'time'} size={12} />}
      className="pending-write-note"
      data-testid={testId ?? 'pending-write'}
      data-state={write.state}
      multiline
    >
      {failed
        ? `${t('offlineWrites.failed')}: ${t(write.error ?? '', { defaultValue: write.error ?? '' })}`
        : conflict
          ? t('offlineWrites.conflictBadge')
          : t('offlineWrites.pending')}
    </Tag>
  );
}
