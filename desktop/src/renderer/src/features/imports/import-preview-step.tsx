import { Button, Callout, Tab, Tabs, Tag, type Intent } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_ERROR_KEY } from '@school/shared/imports';
import { DocumentDownloadButton } from '../contracts/document-download';
import { importErrorsPath } from './import-api';
import { errorLines, previewRowHeight, rowsOfOutcome, type OutcomeFilter } from './import-preview-rows';
import {
  IMPORT_OUTCOMES,
  type ImportOutcome,
  type ImportPreview,
  type ImportPreviewRow,
} from './import.types';
import { VirtualList } from './virtual-list';

export const OUTCOME_INTENT: Record<ImportOutcome, Intent> = {
  create: 'success',
  update: 'primary',
  unchanged: 'none',
  error: 'danger',
};

/** The scroller's height: about 14 plain rows, the page's buttons stay in view on a 800 px screen. */
const LIST_HEIGHT = 480;

export interface ImportPreviewStepProps {
  preview: ImportPreview;
  committing: boolean;
  onBack(): void;
  onCommit(): void;
}

/** What commit will do: counts, the rows by outcome (windowed), their field errors, the error report. */
export function ImportPreviewStep({ preview, committing, onBack, onCommit }: ImportPreviewStepProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<OutcomeFilter>('all');
  const rows = useMemo(() => rowsOfOutcome(preview.rows, filter), [preview.rows, filter]);
  const { counts } = preview;
  const writes = counts.create + counts.update;
  const renderRow = useCallback((row: ImportPreviewRow) => <PreviewRow row={row} />, []);
  return (
    <section className="import-step" data-testid="import-preview">
      <h2 className="import-step__title">{t('importsUi.preview.title')}</h2>
      <div className="import-counts" data-testid="import-counts">
        {IMPORT_OUTCOMES.map((outcome) => (
          <Tag
            key={outcome}
            large
            minimal
            intent={OUTCOME_INTENT[outcome]}
            data-testid={`import-count-${outcome}`}
            data-count={counts[outcome]}
          >
            {t(`importsUi.preview.outcomes.${outcome}`)}: <strong>{counts[outcome]}</strong>
          </Tag>
        ))}
      </div>
      <Tabs
        id="import-outcome-tabs"
        animate={false}
        selectedTabId={filter}
        onChange={(next) => setFilter(next as OutcomeFilter)}
      >
        <Tab
          id="all"
          title={`${t('importsUi.preview.all')} (${preview.rows.length})`}
          data-testid="import-tab-all"
        />
        {IMPORT_OUTCOMES.map((outcome) => (
          <Tab
            key={outcome}
            id={outcome}
            title={`${t(`importsUi.preview.outcomes.${outcome}`)} (${counts[outcome]})`}
            data-testid={`import-tab-${outcome}`}
          />
        ))}
      </Tabs>
      {rows.length ? (
        <VirtualList
          items={rows}
          heightOf={previewRowHeight}
          itemKey={(row) => row.row}
          renderItem={renderRow}
          height={LIST_HEIGHT}
          className="import-rows"
          testId="import-rows"
        />
      ) : (
        <p className="import-rows__empty" data-testid="import-rows-empty">
          {t('importsUi.preview.empty')}
        </p>
      )}
      {writes === 0 ? (
        <Callout className="import-step__note" data-testid="import-nothing-to-write">
          {t('importsUi.preview.nothingToWrite')}
        </Callout>
      ) : (
        <p className="import-step__hint">{t('importsUi.preview.commitHint')}</p>
      )}
      <div className="import-step__actions">
        <Button
          data-testid="import-back"
          text={t('importsUi.preview.backToMapping')}
          icon="arrow-left"
          onClick={onBack}
          disabled={committing}
        />
        {counts.error > 0 ? (
          <DocumentDownloadButton
            path={importErrorsPath(preview.import_id)}
            fallbackName={t('importsUi.preview.errorReportName')}
            icon="th-derived"
            text={t('importsUi.preview.errorReport')}
            testId="import-error-report"
          />
        ) : null}
        <Button
          intent="primary"
          icon="import"
          text={t('importsUi.preview.commit')}
          disabled={writes === 0}
          loading={committing}
          onClick={onCommit}
          data-testid="import-commit"
        />
      </div>
    </section>
  );
}

/** One file row: its number, its outcome and, under it, one line per field error. */
function PreviewRow({ row }: { row: ImportPreviewRow }) {
  const { t } = useTranslation();
  return (
    <div className={`import-row import-row--${row.outcome}`} data-testid="import-row" data-row={row.row}>
      <div className="import-row__head">
        <span className="import-row__number">{t('importsUi.preview.row', { row: row.row })}</span>
        <Tag
          minimal
          intent={OUTCOME_INTENT[row.outcome]}
          data-testid="import-row-outcome"
          data-outcome={row.outcome}
        >
          {t(`importsUi.preview.outcomes.${row.outcome}`)}
        </Tag>
      </div>
      {errorLines(row).map(([field, message], index) => {
        const label =
          field === ROW_ERROR_KEY
            ? t('importsUi.preview.wholeRow')
            : t(`imports.fields.${field}`, { defaultValue: field });
        return (
          <div
            key={`${field}-${index}`}
            className="import-row__error"
            title={`${label}: ${message}`}
            data-testid="import-row-error"
            data-field={field}
          >
            <span className="import-row__field">{label}:</span> {message}
          </div>
        );
      })}
    </div>
  );
}
