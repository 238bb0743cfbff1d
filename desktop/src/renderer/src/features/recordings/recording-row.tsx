import { Button, ButtonGroup, Icon, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { TIME_ZONE } from '@school/shared/domain';
import { rowFileName, type RecordingRow, type RowProblem } from '@school/shared/rules';
import { RecordingPlayer, rowProblemText, type LanguageOption } from '@school/shared/ui/recordings';
import { RecordingLanguagesPicker, RecordingLanguageTags } from './recording-languages-picker';

const KIND_INTENT: Record<RecordingRow['kind'], Intent> = {
  new: 'success',
  existing: 'none',
  replacing: 'warning',
  archived: 'none',
};

export interface RecordingRowProps {
  studyId: number;
  row: RecordingRow;
  /** Position among the active rows (part = index + 1); the archived rows continue the count. */
  index: number;
  count: number;
  editable: boolean;
  busy: boolean;
  picking: boolean;
  problems: readonly RowProblem[];
  /** 0..100 while its file is being sent. */
  percent: number | undefined;
  languages: readonly LanguageOption[];
  playing: boolean;
  dragOver: boolean;
  onTogglePlay(): void;
  onDownload(): void;
  onMove(to: number): void;
  onChooseFile(): void;
  onReplace(): void;
  onKeepCurrent(): void;
  onRemove(): void;
  onLanguages(ids: number[]): void;
  onDragStart(): void;
  onDragOver(): void;
  onDrop(): void;
  onDragEnd(): void;
}

function formatSize(bytes: number, t: (key: string, params?: Record<string, unknown>) => string): string {
  const kb = bytes / 1024;
  if (kb < 1024) return t('recordingsUi.kilobytes', { count: Math.max(1, Math.round(kb)) });
  const mb = kb / 1024;
  return t('recordingsUi.megabytes', { count: mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10 });
}

/** One recording of the list: its part, file, state, languages, problems, progress and actions. */
export function RecordingRowView(props: RecordingRowProps) {
  const { t, i18n } = useTranslation();
  const { row, index, count, editable, busy, studyId } = props;
  const saved = row.saved;
  const name = rowFileName(row);
  const locked = busy || props.picking;
  const canChange = editable && row.kind !== 'archived';
  const testId = `recording-row-${row.key}`;
  const created = saved?.created_at
    ? DateTime.fromISO(saved.created_at, { zone: TIME_ZONE })
        .setLocale(i18n.language)
        .toFormat('d MMM yyyy, HH:mm')
    : null;
  const creator = saved?.creator?.full_name ?? null;

  return (
    <li
      className={[
        'recording-row',
        `recording-row--${row.kind}`,
        props.dragOver ? 'recording-row--drop' : '',
        props.problems.length > 0 ? 'recording-row--invalid' : '',
      ].join(' ')}
      data-testid={testId}
      data-kind={row.kind}
      data-part={index + 1}
      draggable={canChange && !locked}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', row.key);
        props.onDragStart();
      }}
      onDragOver={(event) => {
        if (!canChange) return;
        event.preventDefault();
        props.onDragOver();
      }}
      onDrop={(event) => {
        event.preventDefault();
        props.onDrop();
      }}
      onDragEnd={props.onDragEnd}
    >
      <span className="recording-row__handle" title={canChange ? t('recordingsUi.dragHandle') : undefined}>
        {canChange ? (
          <Icon icon="drag-handle-vertical" />
        ) : (
          <Icon icon={row.kind === 'archived' ? 'archive' : 'video'} />
        )}
      </span>
      <span className="recording-row__part" data-testid={`${testId}-part`}>
        {index + 1}
      </span>
      <div className="recording-row__main">
        <div className="recording-row__title">
          <span
            className={name ? 'recording-row__name' : 'recording-row__name recording-row__muted'}
            data-testid={`${testId}-name`}
          >
            {name ?? t('recordings.file_not_selected')}
          </span>
          {row.kind !== 'existing' ? (
            <Tag minimal intent={KIND_INTENT[row.kind]} data-testid={`${testId}-kind`}>
              {t(`recordingsUi.kind.${row.kind}`)}
            </Tag>
          ) : null}
          {row.file ? <span className="recording-row__meta">{formatSize(row.file.size, t)}</span> : null}
        </div>
        {row.kind === 'replacing' && saved ? (
          <div className="recording-row__meta">↺ {saved.file_name}</div>
        ) : null}
        {(creator || created) && row.kind !== 'new' ? (
          <div className="recording-row__meta">{[creator, created].filter(Boolean).join(', ')}</div>
        ) : null}
        {props.problems.map((problem) => (
          <div
            key={problem.key}
            className="recording-row__problem"
            role="alert"
            data-testid={`${testId}-problem`}
            data-problem={problem.key}
          >
            {rowProblemText(problem, t)}
          </div>
        ))}
        {props.percent !== undefined ? (
          <div
            className="recording-row__progress"
            data-testid={`${testId}-progress`}
            data-percent={props.percent}
          >
            <ProgressBar value={props.percent / 100} intent="primary" stripes={props.percent < 100} />
            <span>{props.percent}%</span>
          </div>
        ) : null}
      </div>
      <div className="recording-row__languages">
        {canChange ? (
          <RecordingLanguagesPicker
            value={row.languageIds}
            options={props.languages}
            disabled={locked}
            onChange={props.onLanguages}
            testId={`${testId}-languages`}
          />
        ) : (
          <RecordingLanguageTags
            ids={row.languageIds}
            options={props.languages}
            testId={`${testId}-languages`}
          />
        )}
      </div>
      <ButtonGroup variant="minimal" size="small" className="recording-row__actions">
        {saved && row.kind !== 'replacing' ? (
          <>
            <Button
              icon={props.playing ? 'eye-off' : 'play'}
              title={props.playing ? t('recordingsUi.hidePlayer') : t('recordingsUi.play')}
              aria-label={props.playing ? t('recordingsUi.hidePlayer') : t('recordingsUi.play')}
              onClick={props.onTogglePlay}
              data-testid={`${testId}-play`}
            />
            <Button
              icon="download"
              title={t('recordingsUi.download')}
              aria-label={t('recordingsUi.download')}
              onClick={props.onDownload}
              data-testid={`${testId}-download`}
            />
          </>
        ) : null}
        {canChange ? (
          <>
            <Button
              icon="arrow-up"
              title={t('recordingsUi.moveUp')}
              aria-label={t('recordingsUi.moveUp')}
              disabled={locked || index === 0}
              onClick={() => props.onMove(index - 1)}
              data-testid={`${testId}-up`}
            />
            <Button
              icon="arrow-down"
              title={t('recordingsUi.moveDown')}
              aria-label={t('recordingsUi.moveDown')}
              disabled={locked || index === count - 1}
              onClick={() => props.onMove(index + 1)}
              data-testid={`${testId}-down`}
            />
            {row.kind === 'existing' ? (
              <Button
                icon="swap-horizontal"
                title={t('recordingsUi.replace')}
                aria-label={t('recordingsUi.replace')}
                disabled={locked}
                onClick={props.onReplace}
                data-testid={`${testId}-replace`}
              />
            ) : (
              <Button
                icon="folder-open"
                title={t('recordingsUi.chooseFile')}
                aria-label={t('recordingsUi.chooseFile')}
                disabled={locked}
                onClick={props.onChooseFile}
                data-testid={`${testId}-choose`}
              />
            )}
            {row.kind === 'replacing' ? (
              <Button
                icon="undo"
                title={t('recordingsUi.keepCurrent')}
                aria-label={t('recordingsUi.keepCurrent')}
                disabled={locked}
                onClick={props.onKeepCurrent}
                data-testid={`${testId}-keep`}
              />
            ) : null}
            <Button
              icon="trash"
              intent="danger"
              title={t('recordingsUi.remove')}
              aria-label={t('recordingsUi.remove')}
              disabled={locked}
              onClick={props.onRemove}
              data-testid={`${testId}-remove`}
            />
          </>
        ) : null}
      </ButtonGroup>
      {props.playing && saved ? (
        <div className="recording-row__player">
          <RecordingPlayer
            studyId={studyId}
            recordingId={saved.id}
            fileName={saved.file_name}
            className="recording-player"
            autoPlay
          />
        </div>
      ) : null}
    </li>
  );
}
