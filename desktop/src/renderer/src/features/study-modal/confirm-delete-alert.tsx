import { Alert } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** "Delete?" before a panel removes a file or a message: `item` set opens it, confirm removes it. */
export function ConfirmDeleteAlert<T>({
  item,
  onClose,
  onDelete,
  className,
  children,
}: {
  item: T | null;
  onClose: () => void;
  onDelete: (item: T) => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={item !== null}
      intent="danger"
      icon="trash"
      confirmButtonText={t('studyPanels.delete')}
      cancelButtonText={t('studyPanels.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null) onDelete(item);
        onClose();
      }}
      className={className}
    >
      {children}
    </Alert>
  );
}
