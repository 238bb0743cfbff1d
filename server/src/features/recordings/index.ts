// The public face of features/recordings: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createRecordingFilesModule, createRecordingsModule } from './recordings.module.js';
export { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
export {
  createRecordingIngest,
  type IngestFile,
  type IngestResult,
  type RecordingIngest,
} from './recording-ingest.service.js';
export type { IngestFault, IngestFaultStep, IngestFaultTagger } from './recording-ingest-faults.js';
