import { Alert, Dialog, DialogBody } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import type { FormValues } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { calendarKeys } from '../calendar/calendar-api';
import { StudyForm } from './study-form';

export interface StudyFormDialogProps {
  /** null: a new study. */
  studyId: number | null;
  presets?: FormValues;
  onClose(): void;
}

/**
 * The study form in a dialog (the deep links' form until the studies table exists): a save
 * refreshes the calendars, closes and says so; closing with unsaved changes asks first.
 */
export function StudyFormDialog({ studyId, presets, onClose }: StudyFormDialogProps) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const requestClose = (hasChanges: boolean) => (hasChanges ? setConfirming(true) : onClose());
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);
  const title = studyId === null ? t('studyForm.createTitle') : t('studyForm.editTitle', { id: studyId });

  return (
    <Dialog
      isOpen
      title={title}
      icon={studyId === null ? 'add' : 'edit'}
      className="study-form-dialog"
      onClose={() => requestClose(dirty)}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <StudyForm
          studyId={studyId}
          presets={presets}
          onDirtyChange={onDirtyChange}
          onCancel={requestClose}
          onSaved={(_row, mode) => {
            void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
            toasts.show({
              intent: 'success',
              message: mode === 'create' ? t('studyForm.created') : t('studyForm.saved'),
              timeoutMs: TOAST_MS.short,
            });
            onClose();
          }}
        />
      </DialogBody>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="warning-sign"
        confirmButtonText={t('studyForm.discard')}
        cancelButtonText={t('studyForm.keepEditing')}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onCancel={() => setConfirming(false)}
        className="study-form-dialog__confirm"
      >
        <p data-testid="study-form-discard-question">{t('studyForm.discardQuestion')}</p>
      </Alert>
    </Dialog>
  );
}
