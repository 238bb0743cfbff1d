import { Dialog, DialogBody } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import type { FormValues } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { ConfirmDialog } from '../admin-widgets/confirm-dialog';
import type { AdminFormDefinition } from './admin-form.types';
import './admin-form-dialog.css';

export interface AdminFormDialogProps {
  definition: AdminFormDefinition;
  /** null: a new row. */
  id: number | null;
  presets?: FormValues;
  onClose(): void;
}

/**
 * An admin form in a dialog: a save refreshes the resource's lists (and what the form names),
 * closes and says so; closing with unsaved changes asks first, so nothing typed is lost silently.
 */
export function AdminFormDialog({ definition, id, presets, onClose }: AdminFormDialogProps) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { Form, texts } = definition;

  const requestClose = (hasChanges: boolean) => (hasChanges ? setConfirming(true) : onClose());
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);
  const title = id === null ? t(texts.createTitle) : t(texts.editTitle, { id });

  return (
    <Dialog
      isOpen
      title={title}
      icon={id === null ? 'add' : 'edit'}
      className={['admin-form-dialog', definition.className].filter(Boolean).join(' ')}
      onClose={() => requestClose(dirty)}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <Form
          id={id}
          presets={presets}
          onDirtyChange={onDirtyChange}
          onCancel={requestClose}
          onSaved={(_row, mode) => {
            void queryClient.invalidateQueries({ queryKey: ['resources', definition.resource] });
            for (const queryKey of definition.invalidates ?? [])
              void queryClient.invalidateQueries({ queryKey });
            toasts.show({
              intent: 'success',
              message: mode === 'create' ? t(texts.created) : t(texts.saved),
              timeoutMs: TOAST_MS.short,
            });
            onClose();
          }}
        />
      </DialogBody>
      <ConfirmDialog
        isOpen={confirming}
        icon="warning-sign"
        testId="form-discard-question"
        confirmText={t('adminForms.discard')}
        cancelText={t('adminForms.keepEditing')}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onCancel={() => setConfirming(false)}
        className="admin-form-dialog__confirm"
      >
        {t('adminForms.discardQuestion')}
      </ConfirmDialog>
    </Dialog>
  );
}
