import { Alert, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** Default: "Are you sure?" (spec part 1 §2, the generic table's delete confirmation). */
  children?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  intent?: Intent;
  /** Busy while the confirmed action runs. */
  loading?: boolean;
  className?: string;
  onConfirm(): void;
  onCancel(): void;
}

/** The shared confirm dialog: one question, a confirm and a cancel button (Escape cancels). */
export function ConfirmDialog({ isOpen, children, confirmText, cancelText, intent = 'danger', loading, className, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      icon={intent === 'danger' ? 'warning-sign' : 'help'}
      confirmButtonText={confirmText ?? t('adminWidgets.confirm.yes')}
      cancelButtonText={cancelText ?? t('adminWidgets.confirm.no')}
      canEscapeKeyCancel
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      className={className}
    >
      <p data-testid="confirm-dialog-question">{children ?? t('common.areYouSure')}</p>
    </Alert>
  );
}
