import type { RecordingFileChoice } from '@school/shared/rules';
import type { RecordingsTransport } from '@school/shared/ui/recordings';
import type { DesktopLanguage, NativeBridge } from '../../platform/native-bridge.types';

const LANGUAGES: readonly string[] = ['uk', 'ru', 'en'];

/**
 * The recordings editor's door to files: the native bridge (the native dialog and ffprobe in the
 * desktop app's main process, a file input and a <video> probe in the browser build).
 */
export function nativeRecordingsTransport(native: NativeBridge, language: () => string): RecordingsTransport {
  return {
    async pickFiles() {
      const files = await native.pickRecordingFiles();
      return files.map<RecordingFileChoice>(({ token, name, size, mimeType, durationSeconds, hasVideo }) => ({
        token,
        name,
        size,
        mimeType,
        durationSeconds,
        hasVideo,
      }));
    },
    upload: ({ studyId, route, files, metadata, onProgress, signal }) => {
      const current = language();
      return native.uploadRecordings({
        studyId,
        route,
        files,
        metadata: { ...metadata, parts: metadata.parts.map((part) => ({ ...part })) },
        ...(LANGUAGES.includes(current) ? { language: current as DesktopLanguage } : {}),
        onProgress,
        signal,
      });
    },
  };
}
