import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { documentAnswerOf, multipartBody, useApi } from '@school/shared/ui';
import type { GeneratorValues } from '@school/shared/ui/analytics';
import { useServices } from '../../app/services-context';

/**
 * Posts a generator's fields (multipart, spec part 2 §7) and saves the .docx it answers through the
 * native Save dialog under the server's name (Content-Disposition: "<contract number>.docx",
 * "contract No <number>" in the interface language), or as a download in a browser. A refusal
 * (422) rejects, so the form puts its messages under the fields. Resolves the saved file's name,
 * or null when the dialog was cancelled.
 */
export function useGeneratorDownload() {
  const { t } = useTranslation();
  const { client } = useApi();
  const { native, toasts } = useServices();
  return async (
    path: '/invoice' | '/contract',
    body: GeneratorValues,
    fallbackName: string,
  ): Promise<string | null> => {
    const response = await client.request<Response>(path, {
      method: 'POST',
      body: multipartBody(body),
      responseKind: 'response',
      headers: { Accept: '*/*' },
    });
    const answer = documentAnswerOf(
      response.headers.get('Content-Type'),
      response.headers.get('Content-Disposition'),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    try {
      const result = await native.saveDocument({
        suggestedName: (answer.kind === 'file' ? answer.fileName : null) ?? fallbackName,
        bytes,
      });
      if (!result.saved) return null;
      toasts.show({
        intent: 'success',
        message: t('moneyForms.documents.saved', { name: result.fileName }),
        timeoutMs: TOAST_MS.short,
      });
      return result.fileName;
    } catch {
      toasts.show({
        intent: 'danger',
        message: t('moneyForms.documents.downloadFailed'),
        timeoutMs: TOAST_MS.short,
      });
      return null;
    }
  };
}
