import { Button, Callout, NonIdealState, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useApi } from '@school/shared/ui';
import { ADMIN_PAGES } from '../../../../common/admin-pages';
import { useServices } from '../../app/services-context';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import { cancelImport, useImportStatus } from './import-api';
import { OUTCOME_INTENT } from './import-preview-step';
import { progressShare } from './import-preview-rows';
import { IMPORT_OUTCOMES, isImportActive, type ImportKind, type ImportStatus } from './import.types';

/** Where the imported rows are seen afterwards. */
const TABLE_OF: Record<ImportKind, string> = {
  students: ADMIN_PAGES.users.path,
  teachers: ADMIN_PAGES.teachers.path,
  contracts: ADMIN_PAGES.contracts.path,
  subscriptions: ADMIN_PAGES.subscriptions.path,
};

export interface ImportJobProps {
  importId: string;
  onAgain(): void;
}

/**
 * A committed import's job: its progress while queued or running (polled, so it goes on when the
 * window was closed and opened again), Cancel, and the outcome with links to the tables.
 */
export function ImportJob({ importId, onAgain }: ImportJobProps) {
  const { t } = useTranslation();
  const status = useImportStatus(importId);
  if (status.isError) {
    // Swept, or another user's: nothing to follow any more.
    return (
      <NonIdealState
        icon="disable"
        title={t('importsUi.result.gone')}
        action={<Button text={t('importsUi.result.again')} onClick={onAgain} data-testid="import-again" />}
      />
    );
  }
  if (!status.data) return <Spinner className="import-step__spinner" />;
  return isImportActive(status.data.state) ? (
    <ImportProgress status={status.data} />
  ) : (
    <ImportResult status={status.data} onAgain={onAgain} />
  );
}

function ImportProgress({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const { reportError } = useServices();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { progress } = status;
  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelImport(client, status.import_id);
      await queryClient.invalidateQueries({ queryKey: ['imports', status.import_id] });
    } catch (error) {
      reportError(error);
    } finally {
      setCancelling(false);
      setAsking(false);
    }
  };
  return (
    <section className="import-step" data-testid="import-progress" data-state={status.state}>
      <h2 className="import-step__title">{t('importsUi.progress.title')}</h2>
      <p className="import-job__kind">{t(`importsUi.kinds.${status.kind}`)}</p>
      <ProgressBar
        intent="primary"
        value={status.state === 'queued' ? undefined : progressShare(progress)}
        className="import-progress__bar"
      />
      <p className="import-progress__text" data-testid="import-progress-text">
        {status.state === 'queued'
          ? t('importsUi.progress.queued')
          : t('importsUi.progress.running', { done: progress.done, total: progress.total })}
      </p>
      <p className="import-step__hint">{t('importsUi.progress.leaveHint')}</p>
      <div className="import-step__actions">
        <Button
          icon="stop"
          intent="danger"
          text={t('importsUi.progress.cancel')}
          onClick={() => setAsking(true)}
          data-testid="import-cancel"
        />
      </div>
      <ConfirmDialog
        isOpen={asking}
        icon="stop"
        confirmText={t('importsUi.progress.cancelConfirm')}
        cancelText={t('importsUi.progress.keepGoing')}
        loading={cancelling}
        testId="import-cancel-question"
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      >
        {t('importsUi.progress.cancelQuestion')}
      </ConfirmDialog>
    </section>
  );
}

function ImportResult({ status, onAgain }: { status: ImportStatus; onAgain(): void }) {
  const { t } = useTranslation();
  const done = status.state === 'done';
  return (
    <section className="import-step" data-testid="import-result" data-state={status.state}>
      <p className="import-job__kind">{t(`importsUi.kinds.${status.kind}`)}</p>
      {done ? (
        <Callout intent="success" icon="tick-circle" title={t('importsUi.result.done')} />
      ) : (
        <Callout
          intent={status.state === 'failed' ? 'danger' : 'warning'}
          data-testid="import-result-problem"
        >
          {t(status.state === 'failed' ? 'importsUi.result.failed' : 'importsUi.result.cancelled')}
          {status.error ? <div className="import-result__error">{status.error}</div> : null}
        </Callout>
      )}
      {done ? (
        <div className="import-counts" data-testid="import-result-counts">
          {IMPORT_OUTCOMES.map((outcome) => (
            <Tag
              key={outcome}
              large
              minimal
              intent={OUTCOME_INTENT[outcome]}
              data-testid={`import-result-${outcome}`}
              data-count={status.counts[outcome]}
            >
              {t(`importsUi.result.outcomes.${outcome}`)}: <strong>{status.counts[outcome]}</strong>
            </Tag>
          ))}
        </div>
      ) : null}
      <div className="import-step__actions">
        {done ? (
          <Link to={TABLE_OF[status.kind]} className="bp6-button" data-testid="import-open-table">
            {t(`importsUi.result.open.${status.kind}`)}
          </Link>
        ) : null}
        <Button
          intent="primary"
          text={t('importsUi.result.again')}
          onClick={onAgain}
          data-testid="import-again"
        />
      </div>
    </section>
  );
}
