import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api-context';
import { recordingPlayPath } from './recordings.api';

export interface RecordingPlayerProps {
  studyId: number;
  recordingId: number;
  fileName: string;
  className?: string;
  autoPlay?: boolean;
}

/**
 * The HTML5 player of one recording. Its source is `/play`, which answers byte ranges, so the
 * player seeks without loading the whole file; the session cookie goes along (same origin).
 */
export function RecordingPlayer({
  studyId,
  recordingId,
  fileName,
  className,
  autoPlay,
}: RecordingPlayerProps) {
  const { t } = useTranslation();
  const { client } = useApi();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p
        className={`${className ?? ''} recording-player--failed`}
        role="alert"
        data-testid={`recording-player-error-${recordingId}`}
      >
        {t('recordingsUi.playFailed')}
      </p>
    );
  }
  return (
    <video
      className={className}
      src={client.url(recordingPlayPath(studyId, recordingId))}
      controls
      preload="metadata"
      playsInline
      autoPlay={autoPlay}
      aria-label={t('recordingsUi.playerLabel', { name: fileName })}
      data-testid={`recording-player-${recordingId}`}
      onError={() => setFailed(true)}
    >
      {t('recordingsUi.noVideoSupport')}
    </video>
  );
}
