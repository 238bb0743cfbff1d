import { AnchorButton, Button, FormGroup } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_UPLOAD_ACCEPT, DOCUMENT_UPLOAD_MAX_BYTES } from '@school/shared/rules';
import { useApi } from '@school/shared/ui';

export const DOCUMENT_UPLOAD_MAX_MB = DOCUMENT_UPLOAD_MAX_BYTES / (1024 * 1024);

export interface DocumentFileFieldProps {
  label: string;
  /** The file picked to upload with the next save (null: keep the stored one). */
  value: File | null;
  /** The stored file's name (`document_name`, `attachment_name`), null when none. */
  storedName: string | null;
  /** Where the stored file downloads from (`/api/contracts/{id}/document`). */
  storedPath: string | null;
  error?: string;
  testId: string;
  disabled?: boolean;
  onChange(file: File | null): void;
}

/**
 * A money record's file (a contract's signed document, an invoice's attachment; docs/api.md
 * "Documents"): the stored one to download, a new one to upload or replace it with the save.
 */
export function DocumentFileField({
  label,
  value,
  storedName,
  storedPath,
  error,
  testId,
  disabled,
  onChange,
}: DocumentFileFieldProps) {
  const { t } = useTranslation();
  const { client } = useApi();
  const input = useRef<HTMLInputElement>(null);
  return (
    <FormGroup
      label={label}
      labelFor={`${testId}-input`}
      intent={error ? 'danger' : 'none'}
      helperText={
        error ? (
          <span data-testid={`${testId}-error`}>{error}</span>
        ) : (
          t('moneyForms.file.hint', { max: DOCUMENT_UPLOAD_MAX_MB })
        )
      }
    >
      <div className="document-file" data-testid={testId}>
        {storedName && storedPath ? (
          <div className="document-file__stored">
            <span data-testid={`${testId}-stored`}>{t('moneyForms.file.stored', { name: storedName })}</span>
            <AnchorButton
              variant="minimal"
              size="small"
              icon="download"
              href={client.url(storedPath)}
              download={storedName}
              text={t('moneyForms.file.download')}
              data-testid={`${testId}-download`}
            />
          </div>
        ) : null}
        <div className="document-file__pick">
          <input
            ref={input}
            id={`${testId}-input`}
            type="file"
            accept={DOCUMENT_UPLOAD_ACCEPT}
            className="document-file__input"
            disabled={disabled}
            onChange={(event) => {
              onChange(event.currentTarget.files?.[0] ?? null);
              event.currentTarget.value = '';
            }}
            data-testid={`${testId}-input`}
          />
          <Button
            icon="upload"
            disabled={disabled}
            text={storedName ? t('moneyForms.file.replace') : t('moneyForms.file.pick')}
            onClick={() => input.current?.click()}
          />
          {value ? (
            <>
              <span className="document-file__picked" data-testid={`${testId}-picked`}>
                {t('moneyForms.file.picked', { name: value.name })}
              </span>
              <Button
                variant="minimal"
                size="small"
                icon="cross"
                title={t('moneyForms.file.keep')}
                aria-label={t('moneyForms.file.keep')}
                onClick={() => onChange(null)}
              />
            </>
          ) : storedName ? null : (
            <span className="document-file__none">{t('moneyForms.file.none')}</span>
          )}
        </div>
      </div>
    </FormGroup>
  );
}
