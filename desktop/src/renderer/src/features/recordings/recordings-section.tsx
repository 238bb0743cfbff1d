import { Button, Callout, Classes, Icon, ProgressBar } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDING_MAX_MB, ROLE, TOAST_MS } from '@school/shared/domain';
import { removalNeedsConfirmation, type RecordingRow } from '@school/shared/rules';
import { useApi, useAuth } from '@school/shared/ui';
import type { CalendarStudy } from '@school/shared/ui/calendar';
import {
  downloadRecording,
  useLanguageOptions,
  useRecordingsEditor,
  useRecordingsList,
  useUploaderEnabled,
  useUploadPercents,
} from '@school/shared/ui/recordings';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import { calendarKeys } from '../../kit/calendar-data/calendar-api';
import { recordingsAccess } from './recordings-access';
import { nativeRecordingsTransport } from './recordings-transport';
import { RecordingRowView } from './recording-row';
import './recordings-section.css';

/**
 * The recordings section of the study event modal (spec part 1 §2, §4-§8): everyone who sees the
 * study watches and downloads; Administrator, Manager and Teacher add, replace, reorder (drag or
 * buttons), set languages and remove, and save with per-file progress, cancel and retry.
 */
export function RecordingsSection({ study }: { study: CalendarStudy }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { client } = useApi();
  const { native, toasts } = useServices();
  const queryClient = useQueryClient();
  const ability = useAbility();
  const access = recordingsAccess(user?.role_id ?? ROLE.Guest, ability, study.miss_status);
  const list = useRecordingsList(study.id);
  const languages = useLanguageOptions(true);
  const uploaderEnabled = useUploaderEnabled(access.canEdit);
  const transport = useMemo(() => nativeRecordingsTransport(native, () => i18n.language), [native, i18n]);
  const onSaved = useCallback(() => {
    toasts.show({ intent: 'success', message: t('recordings.saved'), timeoutMs: TOAST_MS.short });
    list.reload();
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  }, [toasts, t, list, queryClient]);
  const editor = useRecordingsEditor({
    studyId: study.id,
    recordings: list.recordings,
    version: list.version,
    transport,
    uploaderEnabled,
    onSaved,
  });
  const percents = useUploadPercents(editor.phase);
  const [playing, setPlaying] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<RecordingRow | null>(null);
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);

  const { draft, phase } = editor;
  const rows = draft.rows;
  const editable = access.canEdit;
  const download = (row: RecordingRow) => {
    if (!row.saved) return;
    downloadRecording(client, study.id, row.saved).catch(() =>
      toasts.show({
        intent: 'danger',
        title: t('errorUnknown.toastTitle'),
        message: t('errors.download_failed'),
        timeoutMs: TOAST_MS.medium,
      }),
    );
  };
  const rowView = (row: RecordingRow, index: number, count: number, isActive: boolean) => (
    <RecordingRowView
      key={row.key}
      studyId={study.id}
      row={row}
      index={index}
      count={count}
      editable={editable && isActive}
      busy={editor.busy}
      picking={editor.picking}
      problems={editor.problems.get(row.key) ?? []}
      percent={percents.byRow.get(row.key)}
      languages={languages}
      playing={row.saved !== null && playing === row.saved.id}
      dragOver={isActive && drag !== null && drag.over === index && drag.from !== index}
      onTogglePlay={() => setPlaying((id) => (row.saved && id !== row.saved.id ? row.saved.id : null))}
      onDownload={() => download(row)}
      onMove={(to) => editor.move(index, to)}
      onChooseFile={() => void editor.chooseFile(row.key)}
      onReplace={() => void editor.replace(row.key)}
      onKeepCurrent={() => editor.cancelReplacing(row.key)}
      onRemove={() => (removalNeedsConfirmation(row) ? setConfirm(row) : editor.remove(row.key))}
      onLanguages={(ids) => editor.setLanguages(row.key, ids)}
      onDragStart={() => setDrag({ from: index, over: index })}
      onDragOver={() => setDrag((d) => (d && d.over !== index ? { ...d, over: index } : d))}
      onDrop={() => {
        if (drag) editor.move(drag.from, index);
        setDrag(null);
      }}
      onDragEnd={() => setDrag(null)}
    />
  );

  const uploading = phase.kind === 'uploading';
  const finalizing = uploading && phase.progress.finalizingSince !== null;
  const empty = rows.length === 0 && draft.archived.length === 0;

  return (
    <section
      className="study-modal__section recordings-section"
      data-testid="study-section-recordings"
      aria-busy={editor.busy}
    >
      <h3 className="study-modal__heading">
        <Icon icon="video" /> {t('calendarUi.modal.recordings')}
      </h3>
      {access.blockedByMissStatus ? (
        <Callout intent="warning" compact data-testid="recordings-miss-status">
          {t('recordings.miss_status_blocked')}
        </Callout>
      ) : null}
      {list.loading ? <p className={Classes.TEXT_MUTED}>{t('common.loading')}</p> : null}
      {!list.loading && empty ? (
        <p className={`${Classes.TEXT_MUTED} recordings-section__empty`} data-testid="recordings-empty">
          {t('recordingsUi.empty')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ol className="recordings-list" data-testid="recordings-list">
          {rows.map((row, index) => rowView(row, index, rows.length, true))}
        </ol>
      ) : null}
      {draft.archived.length > 0 ? (
        <ol
          className="recordings-list recordings-list--archived"
          data-testid="recordings-archived"
          title={t('recordingsUi.archivedHint')}
        >
          {draft.archived.map((row, i) =>
            rowView(row, rows.length + i, rows.length + draft.archived.length, false),
          )}
        </ol>
      ) : null}
      {editable ? (
        <div className="recordings-section__add">
          <Button
            icon="add"
            text={t('recordingsUi.add')}
            disabled={editor.busy || editor.picking}
            loading={editor.picking}
            onClick={() => void editor.addRecording()}
            data-testid="recordings-add"
          />
          <span className={Classes.TEXT_MUTED}>
            {t('recordingsUi.formats', { maxSize: t('recordingsUi.megabytes', { count: RECORDING_MAX_MB }) })}
          </span>
        </div>
      ) : null}
      {phase.kind === 'deleting' ? (
        <p className={Classes.TEXT_MUTED} data-testid="recordings-deleting">
          {t('recordingsUi.deleting')}
        </p>
      ) : null}
      {uploading && percents.total !== null ? (
        <div
          className="recordings-section__progress"
          data-testid="recordings-progress"
          data-percent={percents.total}
          data-route={phase.progress.route}
        >
          <ProgressBar value={percents.total / 100} intent="primary" />
          <span>
            {t(finalizing ? 'recordingsUi.finalizing' : 'recordingsUi.uploading', {
              percent: percents.total,
            })}
          </span>
          <Button
            size="small"
            icon="stop"
            text={t('recordingsUi.cancelUpload')}
            onClick={editor.cancel}
            data-testid="recordings-cancel"
          />
        </div>
      ) : null}
      {phase.kind === 'failed' ? (
        <Callout
          intent={phase.reason === 'refused' ? 'danger' : 'warning'}
          compact
          className="recordings-section__failure"
          data-testid="recordings-failure"
          data-reason={phase.reason}
        >
          <span className="recordings-section__failure-text">{phase.message}</span>
          {phase.reason === 'network' ? (
            <Button
              size="small"
              icon="refresh"
              text={t('recordingsUi.retry')}
              onClick={() => void editor.save()}
              data-testid="recordings-retry"
            />
          ) : null}
        </Callout>
      ) : null}
      {editable ? (
        <div className="recordings-section__footer">
          {editor.changed ? (
            <Button
              text={t('recordingsUi.discard')}
              disabled={editor.busy}
              onClick={editor.reset}
              data-testid="recordings-discard"
            />
          ) : null}
          <Button
            intent="primary"
            icon="floppy-disk"
            text={t('recordingsUi.save')}
            disabled={!editor.canSave}
            loading={editor.busy}
            onClick={() => void editor.save()}
            data-testid="recordings-save"
          />
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirm !== null}
        testId="recordings-confirm"
        confirmText={t('recordingsUi.remove')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) editor.remove(confirm.key);
          setConfirm(null);
        }}
      >
        <strong>{t('recordingsUi.confirmRemoveTitle')}</strong>
        <br />
        {t('recordingsUi.confirmRemove', { name: confirm?.saved?.file_name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
