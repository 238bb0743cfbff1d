import { Button, Callout } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { useApi } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { describeNotifyFailure, type NotifyFailure } from './notify-outcome.mapper';
import { notifyUser } from './study-modal.api';

/**
 * Sends the in-progress reminder to one student (spec part 1 §4 "Notify button"): disabled after
 * the click, enabled again on failure. A failure says why in a toast and under the button; a server
 * without a job queue (nothing can send) answers 409 `messenger_unavailable`, shown as "not available
 * yet" (docs/domain-rules.md, "Desktop calendar").
 */
export function StudyNotifyButton({
  studyId,
  studentId,
  label,
}: {
  studyId: number;
  studentId: number;
  label: string;
}) {
  const { t } = useTranslation();
  const { client } = useApi();
  const { toasts, reportError } = useServices();
  const notify = useMutation({
    mutationFn: () => notifyUser(client, studentId, studyId),
    // Answered here rather than by the global handler: the title is the notify failure text.
    meta: { silent: true },
    onSuccess: () =>
      toasts.show({
        intent: 'success',
        title: t('notify.success.toastTitle'),
        message: t('notify.success.toastMessage'),
        timeoutMs: TOAST_MS.short,
      }),
    onError: (error) => {
      const failure = describeNotifyFailure(error, t);
      if (failure.kind === 'reload') reportError(error);
      else
        toasts.show({
          intent: failure.unavailable ? 'warning' : 'danger',
          title: failure.title,
          message: failure.reason,
          timeoutMs: TOAST_MS.medium,
        });
    },
  });
  const failure: NotifyFailure | null = notify.error ? describeNotifyFailure(notify.error, t) : null;
  return (
    <div className="study-notify">
      <Button
        icon="notifications"
        intent="primary"
        variant="outlined"
        size="small"
        text={label}
        // Stays disabled after a success: one reminder per click is the point.
        disabled={notify.isPending || notify.isSuccess}
        loading={notify.isPending}
        onClick={() => notify.mutate()}
        data-testid={`notify-${studentId}`}
      />
      {failure?.kind === 'failed' ? (
        <Callout
          intent={failure.unavailable ? 'warning' : 'danger'}
          compact
          className="study-notify__error"
          data-testid="notify-error"
          data-unavailable={failure.unavailable || undefined}
        >
          {failure.reason}
        </Callout>
      ) : null}
      {notify.isSuccess ? (
        <span className="study-notify__sent" data-testid="notify-sent">
          {t('notify.success.toastTitle')}
        </span>
      ) : null}
    </div>
  );
}
