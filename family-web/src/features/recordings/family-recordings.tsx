import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { useApi } from '@school/shared/ui';
import {
  downloadRecording,
  RecordingPlayer,
  useLanguageOptions,
  useRecordingsList,
  type RecordingListItem,
} from '@school/shared/ui/recordings';
import { useToasts } from '../../app/toasts-context';
import './family-recordings.css';

const iconProps = {
  viewBox: '0 0 24 24',
  width: 18,
  height: 18,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};
const PlayIcon = () => (
  <svg {...iconProps}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </svg>
);
const CollapseIcon = () => (
  <svg {...iconProps}>
    <path d="M6 15l6-6 6 6" />
  </svg>
);
const DownloadIcon = () => (
  <svg {...iconProps}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </svg>
);

/**
 * The family's recordings section of the study modal (spec part 1 §2, §7): every part of the
 * lesson in order, played inside the modal (the player seeks through `/play` ranges) and
 * downloaded under its name; "Download failed" when the server refuses.
 */
export function FamilyRecordings({ studyId }: { studyId: number }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const toasts = useToasts();
  const list = useRecordingsList(studyId);
  const languages = useLanguageOptions(list.recordings.length > 0);
  const [playing, setPlaying] = useState<number | null>(null);
  // The modal is a native <dialog> in the top layer, above the toasts: say it here as well.
  const [failed, setFailed] = useState<number | null>(null);
  const codes = new Map(languages.map((l) => [l.id, l.code.toUpperCase()]));
  // Active parts first by part, archived ones after them (spec part 1 §3: archived is a state).
  const ordered = [...list.recordings].sort(
    (a, b) => Number(a.archived) - Number(b.archived) || a.part - b.part || a.id - b.id,
  );

  const download = (recording: RecordingListItem) => {
    setFailed(null);
    downloadRecording(client, studyId, recording).catch(() => {
      setFailed(recording.id);
      toasts.show({
        intent: 'danger',
        title: t('errorUnknown.toastTitle'),
        message: t('errors.download_failed'),
        timeoutMs: TOAST_MS.medium,
      });
    });
  };

  if (list.loading) return <p className="muted small">{t('common.loading')}</p>;
  if (ordered.length === 0) {
    return (
      <p className="study-slot__hint" data-testid="recordings-empty">
        {t('recordingsUi.empty')}
      </p>
    );
  }
  return (
    <ol className="family-recordings" data-testid="recordings-list">
      {ordered.map((recording, index) => {
        const open = playing === recording.id;
        const langs = (recording.languages ?? []).flatMap((l) =>
          codes.has(l.id) ? [codes.get(l.id) as string] : l.code ? [l.code.toUpperCase()] : [],
        );
        return (
          <li key={recording.id} className="family-recording" data-testid={`recording-${recording.id}`}>
            <div className="family-recording__head">
              <span
                className="family-recording__part"
                aria-label={t('recordingsUi.part', { part: index + 1 })}
              >
                {index + 1}
              </span>
              <span className="family-recording__name" data-testid={`recording-${recording.id}-name`}>
                {recording.file_name}
              </span>
              {langs.length > 0 ? <span className="family-recording__langs">{langs.join(' · ')}</span> : null}
              {recording.archived ? (
                <span className="study-slot__badge">{t('recordingsUi.kind.archived')}</span>
              ) : null}
            </div>
            <div className="family-recording__actions">
              <button
                type="button"
                className="button button--ghost button--small family-recording__play"
                aria-expanded={open}
                onClick={() => setPlaying(open ? null : recording.id)}
                data-testid={`recording-${recording.id}-play`}
              >
                {open ? <CollapseIcon /> : <PlayIcon />}
                {open ? t('recordingsUi.hidePlayer') : t('recordingsUi.play')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small family-recording__download"
                title={t('recordingsUi.download')}
                aria-label={t('recordingsUi.download')}
                onClick={() => download(recording)}
                data-testid={`recording-${recording.id}-download`}
              >
                <DownloadIcon />
              </button>
            </div>
            {failed === recording.id ? (
              <p
                className="family-recording__error"
                role="alert"
                data-testid={`recording-${recording.id}-download-error`}
              >
                {t('errors.download_failed')}
              </p>
            ) : null}
            {open ? (
              <RecordingPlayer
                studyId={studyId}
                recordingId={recording.id}
                fileName={recording.file_name}
                className="family-recording__player"
                autoPlay
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
