import { useTranslation } from 'react-i18next';
import type { Instant } from '@school/shared/ui/calendar';
import { ModalDialog } from '../../components/modal-dialog';
import { formatMoment } from '../../kit/calendar/study-time';

/** "Move the study?" with the old and the new time side by side: a tap on a phone is easy to get wrong. */
export function TransferConfirm({
  from,
  to,
  saving,
  onCancel,
  onConfirm,
}: {
  from: Instant;
  to: Instant;
  saving: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ModalDialog
      title={t('family.transfer.confirmTitle')}
      closeLabel={t('family.transfer.cancel')}
      onClose={onCancel}
      size="small"
      testId="transfer-confirm"
      footer={
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={onCancel}
            disabled={saving}
            data-testid="transfer-cancel"
          >
            {t('family.transfer.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary button--auto"
            onClick={onConfirm}
            disabled={saving}
            data-testid="transfer-confirm-button"
          >
            {saving ? t('family.transfer.saving') : t('family.transfer.confirm')}
          </button>
        </>
      }
    >
      <dl className="facts facts--compact">
        <div className="facts__row">
          <dt>{t('family.transfer.confirmFrom')}</dt>
          <dd className="strike">{formatMoment(from, i18n.language)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('family.transfer.confirmTo')}</dt>
          <dd data-testid="transfer-confirm-to">
            <strong>{formatMoment(to, i18n.language)}</strong>
          </dd>
        </div>
      </dl>
    </ModalDialog>
  );
}
