import { Button, Callout } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { isApiError } from '@school/shared/api';
import { useApi } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { notifyUser } from './study-modal.api';

/**
 * Sends the in-progress reminder to one student (spec part 1 §4 "Notify button"): disabled
 * after the click, enabled again on failure, with the server's own message under the button
 * (the endpoint may refuse or not exist yet: say so plainly instead of failing silently).
 */
export function StudyNotifyButton({ studyId, studentId, label }: { studyId: number; studentId: number; label: string }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const { toasts } = useServices();
  const notify = useMutation({
    mutationFn: () => notifyUser(client, studentId, studyId),
    onSuccess: () =>
      toasts.show({
        intent: 'success',
        title: t('notify.success.toastTitle'),
        message: t('notify.success.toastMessage'),
        timeoutMs: TOAST_MS.short,
      }),
  });
  const failure = notify.error
    ? isApiError(notify.error) && notify.error.status === 404
      ? `${t('notify.failed')} (${notify.error.message})`
      : notify.error.message || t('notify.failed')
    : null;
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
      {failure ? (
        <Callout intent="danger" compact className="study-notify__error" data-testid="notify-error">
          {failure}
        </Callout>
      ) : null}
    </div>
  );
}
