import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FormMode } from '@school/shared/ui';

export interface AdminFormButtonsProps {
  /** Test id prefix: `<name>-cancel`, `<name>-save`. */
  name: string;
  form: { mode: FormMode; dirty: boolean; submitting: boolean };
  /** Closes the form; a dirty one asks first (the dialog's confirm). */
  onCancel(dirty: boolean): void;
}

/**
 * Cancel and Create/Save of every admin form: an unchanged stored record has nothing to save,
 * so Save waits for a change (issue 16 point 6).
 */
export function AdminFormButtons({ name, form, onCancel }: AdminFormButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button text={t('common.cancel')} onClick={() => onCancel(form.dirty)} data-testid={`${name}-cancel`} />
      <Button
        type="submit"
        intent="primary"
        text={form.mode === 'create' ? t('adminForms.create') : t('common.save')}
        loading={form.submitting}
        disabled={form.mode === 'update' && !form.dirty}
        data-testid={`${name}-save`}
      />
    </>
  );
}
