import { Alert, type IconName, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** The question; default "Are you sure?" (spec part 1 §2, the generic table's delete confirmation). */
  children?: ReactNode;
  /** Test id of the question's paragraph. */
  testId?: string;
  /** Default "Delete" and "Cancel". */
  confirmText?: string;
  cancelText?: string;
  intent?: Intent;
  icon?: IconName;
  /** Busy while the confirmed action runs. */
  loading?: boolean;
  className?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The shared confirm dialog (issue 16 point 4): one question, a confirm and a cancel button
 * (Escape cancels). Deleting a row, a message or a file and leaving a dirty form all ask with it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    isOpen,
    children,
    testId = 'confirm-dialog-question',
    confirmText,
    cancelText,
    intent = 'danger',
    icon = 'trash',
    loading,
    className,
    onConfirm,
    onCancel,
  } = props;
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      icon={icon}
      confirmButtonText={confirmText ?? t('common.delete')}
      cancelButtonText={cancelText ?? t('common.cancel')}
      canEscapeKeyCancel
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      className={className}
    >
      <p data-testid={testId}>{children ?? t('common.areYouSure')}</p>
    </Alert>
  );
}
