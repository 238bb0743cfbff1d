// The public face of features/recordings: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createRecordingFilesModule, createRecordingsModule } from './recordings.module.js';
export { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
export { createRecordingIngest, type IngestResult } from './recording-ingest.service.js';
export { parseMetadata, planSave, type IngestFile } from './recording-save.plan.js';
export { createRecordingsRepository, type RecordingsRepository } from './recordings.repository.js';
