import { TOAST_MS } from '@school/shared/domain';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';

/**
 * A table's CSV to disk through the same save bridge as the documents (native Save dialog in the
 * app, a download in a browser); the outcome is said in a toast.
 */
export function useCsvExport() {
  const { t } = useTranslation();
  const { native, toasts } = useServices();
  return async (fileName: string, text: string): Promise<string | null> => {
    try {
      const result = await native.saveDocument({
        suggestedName: fileName,
        bytes: new TextEncoder().encode(text),
      });
      if (!result.saved) return null;
      toasts.show({
        intent: 'success',
        message: t('analyticsUi.exported', { name: result.fileName }),
        timeoutMs: TOAST_MS.short,
      });
      return result.fileName;
    } catch {
      toasts.show({ intent: 'danger', message: t('analyticsUi.exportFailed'), timeoutMs: TOAST_MS.short });
      return null;
    }
  };
}
