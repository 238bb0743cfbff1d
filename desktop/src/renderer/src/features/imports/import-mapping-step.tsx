import { Button, Callout, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { missingRequiredFields, unrecognisedHeaders, withField } from './import-mapping';
import type { ImportColumn, ImportField, ImportMapping } from './import.types';

const IGNORE = '';

export interface ImportMappingStepProps {
  columns: readonly ImportColumn[];
  fields: readonly ImportField[];
  mapping: ImportMapping;
  busy: boolean;
  onChange(mapping: ImportMapping): void;
  onCheck(): void;
  onOtherFile(): void;
}

/** Each header of the file with the field it goes to; the ones the server did not know stand out. */
export function ImportMappingStep(props: ImportMappingStepProps) {
  const { t } = useTranslation();
  const { columns, fields, mapping, busy } = props;
  const unrecognised = unrecognisedHeaders(columns, mapping);
  const missing = missingRequiredFields(fields, mapping);
  const label = (id: string) => t(`imports.fields.${id}`, { defaultValue: id });
  return (
    <section className="import-step" data-testid="import-mapping">
      <h2 className="import-step__title">{t('importsUi.mapping.title')}</h2>
      <p className="import-step__hint">{t('importsUi.mapping.hint')}</p>
      <table className="import-mapping bp6-html-table bp6-compact">
        <thead>
          <tr>
            <th>{t('importsUi.mapping.header')}</th>
            <th>{t('importsUi.mapping.field')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => {
            const highlighted = unrecognised.has(column.header);
            return (
              <tr
                key={column.header}
                className={highlighted ? 'import-mapping__row--unrecognised' : undefined}
                data-testid="import-mapping-row"
                data-header={column.header}
                data-unrecognised={column.field === null ? 'true' : 'false'}
              >
                <td className="import-mapping__header">
                  {column.header}
                  {column.field === null ? (
                    <Tag minimal intent="warning" className="import-mapping__tag">
                      {t('importsUi.mapping.unrecognised')}
                    </Tag>
                  ) : null}
                </td>
                <td>
                  <HTMLSelect
                    fill
                    value={mapping[column.header] ?? IGNORE}
                    onChange={(event) =>
                      props.onChange(withField(mapping, column.header, event.target.value || null))
                    }
                    aria-label={column.header}
                    data-testid="import-mapping-select"
                  >
                    <option value={IGNORE}>{t('importsUi.mapping.ignore')}</option>
                    {fields.map((field) => (
                      <option key={field.id} value={field.id}>
                        {field.required
                          ? `${label(field.id)} (${t('importsUi.mapping.required')})`
                          : label(field.id)}
                      </option>
                    ))}
                  </HTMLSelect>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {missing.length ? (
        <Callout intent="warning" className="import-step__note" data-testid="import-missing-required">
          {t('importsUi.mapping.missingRequired', { fields: missing.map(label).join(', ') })}
        </Callout>
      ) : null}
      <div className="import-step__actions">
        <Button
          text={t('importsUi.mapping.otherFile')}
          onClick={props.onOtherFile}
          disabled={busy}
          data-testid="import-other-file"
        />
        <Button
          intent="primary"
          icon="search-template"
          text={t('importsUi.mapping.check')}
          loading={busy}
          onClick={props.onCheck}
          data-testid="import-check"
        />
      </div>
    </section>
  );
}
