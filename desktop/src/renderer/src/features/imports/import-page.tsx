import { Button, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { useApi, useAuth, usePageTitle } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { commitImport, previewImport } from './import-api';
import { ImportJob } from './import-job';
import { differsFromColumns, initialMapping, mappingJson } from './import-mapping';
import { ImportMappingStep } from './import-mapping-step';
import { ImportPreviewStep } from './import-preview-step';
import { IMPORT_KINDS, type ImportKind, type ImportMapping, type ImportPreview } from './import.types';
import { forgetLastImport, readLastImport, writeLastImport } from './last-import';
import './imports.css';

interface PickedFile {
  name: string;
  blob: Blob;
}

type Stage =
  | { at: 'start' }
  | { at: 'mapping' | 'preview'; file: PickedFile; preview: ImportPreview; mapping: ImportMapping }
  | { at: 'job'; importId: string };

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Where the page starts: the job it last started (the window may have been closed since), or anew. */
function firstStage(userId: number): { stage: Stage; kind: ImportKind } {
  const last = readLastImport(window.localStorage, userId);
  return last
    ? { stage: { at: 'job', importId: last.importId }, kind: last.kind }
    : { stage: { at: 'start' }, kind: 'students' };
}

/**
 * /admin/imports (issue 31): choose what to import, pick a spreadsheet (the native dialog in the
 * app, a file input in the browser), check how its columns map, see every row's outcome, commit,
 * and follow the job. Each step asks the server; nothing is written before Import is pressed.
 */
export function ImportPage() {
  const { t } = useTranslation();
  usePageTitle('titles.imports');
  const { client } = useApi();
  const { native, toasts, reportError } = useServices();
  const userId = useAuth().user?.id ?? 0;
  const [initial] = useState(() => firstStage(userId));
  const [kind, setKind] = useState<ImportKind>(initial.kind);
  const [stage, setStage] = useState<Stage>(initial.stage);
  const [busy, setBusy] = useState(false);

  const warn = (message: string) => toasts.show({ intent: 'danger', message, timeoutMs: TOAST_MS.short });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      // 413, 422 (not a spreadsheet, no header row) and the rest: the server's words, translated.
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  // Busy only once a file is chosen: a picker left open (or closed without an event) blocks nothing.
  const pick = async () => {
    const picked = await native.pickImportFile().catch(() => {
      warn(t('importsUi.unreadable'));
      return null;
    });
    if (!picked || picked.status === 'cancelled') return;
    if (picked.status === 'too_large') {
      warn(t('importsUi.tooLarge', { name: picked.name, size: megabytes(picked.size) }));
      return;
    }
    if (picked.status === 'unsupported') {
      warn(t('importsUi.unsupported', { name: picked.name }));
      return;
    }
    const file = { name: picked.name, blob: picked.file };
    await run(async () => {
      const preview = await previewImport(client, kind, file.blob, file.name);
      setStage({ at: 'mapping', file, preview, mapping: initialMapping(preview.columns) });
    });
  };

  const check = () =>
    run(async () => {
      if (stage.at !== 'mapping') return;
      const { file, mapping } = stage;
      if (!differsFromColumns(stage.preview.columns, mapping)) {
        setStage({ ...stage, at: 'preview' });
        return;
      }
      const preview = await previewImport(
        client,
        kind,
        file.blob,
        file.name,
        mappingJson(stage.preview.columns, mapping),
      );
      setStage({ at: 'preview', file, preview, mapping: initialMapping(preview.columns) });
    });

  const commit = () =>
    run(async () => {
      if (stage.at !== 'preview') return;
      await commitImport(client, stage.preview.import_id);
      writeLastImport(window.localStorage, { importId: stage.preview.import_id, kind, userId });
      setStage({ at: 'job', importId: stage.preview.import_id });
    });

  const again = () => {
    forgetLastImport(window.localStorage);
    setStage({ at: 'start' });
  };

  return (
    <div className="page import-page" data-testid="import-page">
      <h1 className="page__title">{t('titles.imports')}</h1>
      {stage.at !== 'job' ? (
        <>
          <p className="import-step__hint">{t('importsUi.intro')}</p>
          <div className="import-start" data-testid="import-start">
            <FormGroup label={t('importsUi.kind')} labelFor="import-kind" inline>
              <HTMLSelect
                id="import-kind"
                value={kind}
                disabled={stage.at !== 'start' || busy}
                onChange={(event) => setKind(event.target.value as ImportKind)}
                data-testid="import-kind"
              >
                {IMPORT_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(`importsUi.kinds.${value}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {stage.at === 'start' ? (
              <Button
                icon="document-open"
                intent="primary"
                text={t('importsUi.pickFile')}
                loading={busy}
                onClick={() => void pick()}
                data-testid="import-pick-file"
              />
            ) : (
              <span className="import-start__file" data-testid="import-file-name">
                {t('importsUi.fileName', { name: stage.file.name })}
              </span>
            )}
          </div>
          {stage.at === 'start' ? (
            <p className="import-step__hint">{busy ? t('importsUi.reading') : t('importsUi.fileHint')}</p>
          ) : null}
        </>
      ) : null}
      {stage.at === 'mapping' ? (
        <ImportMappingStep
          columns={stage.preview.columns}
          fields={stage.preview.fields}
          mapping={stage.mapping}
          busy={busy}
          onChange={(mapping) => setStage({ ...stage, mapping })}
          onCheck={() => void check()}
          onOtherFile={() => setStage({ at: 'start' })}
        />
      ) : null}
      {stage.at === 'preview' ? (
        <ImportPreviewStep
          preview={stage.preview}
          committing={busy}
          onBack={() => setStage({ ...stage, at: 'mapping' })}
          onCommit={() => void commit()}
        />
      ) : null}
      {stage.at === 'job' ? <ImportJob importId={stage.importId} onAgain={again} /> : null}
      {busy && stage.at === 'start' ? <Spinner size={20} className="import-step__spinner" /> : null}
    </div>
  );
}
