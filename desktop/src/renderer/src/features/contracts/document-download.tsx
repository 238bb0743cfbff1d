import { Button, type ButtonProps } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@school/shared/api';
import { TOAST_MS } from '@school/shared/domain';
import { documentAnswerOf, useApi } from '@school/shared/ui';
import { useServices } from '../../app/services-context';

/** The name of a downloaded invoice when the answer names none (part 1 §7: "or id.docx"). */
export const invoiceFallbackName = (id: number): string => `${id}.docx`;

export type DownloadOutcome =
  { kind: 'saved'; fileName: string } | { kind: 'copied' } | { kind: 'cancelled' } | { kind: 'failed' };

/**
 * Contract and invoice documents straight to disk (issue 16 point 5; docs/api.md "Documents"):
 * the .docx is fetched with the session, saved through the native Save dialog under the name the
 * server gives (Content-Disposition, in the interface language), or downloaded in a browser. An
 * invoice answered as text (a template without a bank) is copied to the clipboard instead.
 */
export function useDocumentDownload() {
  const { t } = useTranslation();
  const { client } = useApi();
  const { native, toasts, reportError } = useServices();
  const say = (intent: 'success' | 'danger', message: string) =>
    toasts.show({ intent, message, timeoutMs: TOAST_MS.short });

  return async (path: string, fallbackName: string): Promise<DownloadOutcome> => {
    let response: Response;
    try {
      response = await client.request<Response>(path, {
        responseKind: 'response',
        headers: { Accept: '*/*' },
      });
    } catch (error) {
      // A refusal with a reason (409: the payer's name, no template) says it; others: "Download failed".
      if (isApiError(error) && error.status !== 0 && error.status < 500) reportError(error);
      else say('danger', t('moneyForms.documents.downloadFailed'));
      return { kind: 'failed' };
    }
    const answer = documentAnswerOf(
      response.headers.get('Content-Type'),
      response.headers.get('Content-Disposition'),
    );
    if (answer.kind === 'text') {
      try {
        await navigator.clipboard.writeText(await response.text());
        say('success', t('moneyForms.documents.invoiceCopied'));
        return { kind: 'copied' };
      } catch {
        say('danger', t('moneyForms.documents.copyFailed'));
        return { kind: 'failed' };
      }
    }
    try {
      const bytes = new Uint8Array(await response.arrayBuffer());
      const result = await native.saveDocument({ suggestedName: answer.fileName ?? fallbackName, bytes });
      if (!result.saved) return { kind: 'cancelled' };
      say('success', t('moneyForms.documents.saved', { name: result.fileName }));
      return { kind: 'saved', fileName: result.fileName };
    } catch {
      say('danger', t('moneyForms.documents.downloadFailed'));
      return { kind: 'failed' };
    }
  };
}

export interface DocumentDownloadButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** `/api/contracts/{id}/download`, `/api/invoices/{id}/download`. */
  path: string;
  /** The name when the answer gives none (the spec's default in the interface language). */
  fallbackName: string;
  testId: string;
}

/** A download button; after a native save, "Show in folder" next to it. */
export function DocumentDownloadButton({
  path,
  fallbackName,
  testId,
  text,
  ...button
}: DocumentDownloadButtonProps) {
  const { t } = useTranslation();
  const { native } = useServices();
  const download = useDocumentDownload();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <span className="document-download">
      <Button
        icon="download"
        {...button}
        text={text}
        loading={busy}
        title={button.title ?? t('moneyForms.documents.download')}
        aria-label={typeof text === 'string' ? undefined : t('moneyForms.documents.download')}
        onClick={async () => {
          setBusy(true);
          const outcome = await download(path, fallbackName).finally(() => setBusy(false));
          setSaved(outcome.kind === 'saved' ? outcome.fileName : null);
        }}
        data-testid={testId}
      />
      {saved && native.canShowInFolder ? (
        <Button
          variant="minimal"
          size="small"
          icon="folder-open"
          text={t('moneyForms.documents.showInFolder')}
          onClick={() => void native.showInFolder({ fileName: saved }).catch(() => setSaved(null))}
          data-testid={`${testId}-show-in-folder`}
        />
      ) : null}
    </span>
  );
}
