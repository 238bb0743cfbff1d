import { useEffect, useState } from 'react';
import { nextCreepAt, uploadPercent, type UploadProgressState } from '@school/shared/rules';
import type { SavePhase } from './recordings-editor.reducer';

export interface UploadPercents {
  /** The whole save, 0..100; null when no upload runs. */
  total: number | null;
  /** Per row key of the files being sent. */
  byRow: ReadonlyMap<string, number>;
}

/** The percentages of spec part 1 §4 for every file and the whole upload at `now`. */
export function uploadPercents(phase: SavePhase, now: number): UploadPercents {
  if (phase.kind !== 'uploading') return { total: null, byRow: new Map() };
  const { progress } = phase;
  const byRow = new Map(
    phase.files.map((f) => {
      const fileState: UploadProgressState = { ...progress, sentBytes: f.sent, totalBytes: f.size };
      // An empty file is sent as soon as the body gets past it.
      const percent =
        f.size === 0
          ? uploadPercent({ ...fileState, sentBytes: 1, totalBytes: 1 }, now)
          : uploadPercent(fileState, now);
      return [f.rowKey, percent] as const;
    }),
  );
  return { total: uploadPercent(progress, now), byRow };
}

/** Re-renders when the shown percentage creeps (the upload service finalizing: 1 % per second). */
export function useUploadPercents(phase: SavePhase): UploadPercents {
  const [now, setNow] = useState(() => Date.now());
  const progress = phase.kind === 'uploading' ? phase.progress : null;
  useEffect(() => {
    if (!progress) return;
    const at = Date.now();
    const next = nextCreepAt(progress, at);
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(next - at, 0));
    return () => clearTimeout(timer);
  }, [progress, now]);
  return uploadPercents(phase, progress ? Math.max(now, Date.now()) : now);
}
