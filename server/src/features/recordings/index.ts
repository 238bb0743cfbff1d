// The recordings module's public face: what other features may use (the upload service's ingest).
export {
  createRecordingIngest,
  type IngestFile,
  type IngestResult,
  type RecordingIngest,
} from './recording-ingest.service.js';
export type { IngestFault, IngestFaultStep, IngestFaultTagger } from './recording-ingest-faults.js';
export { RECORDING_ERROR, recordingErrors } from './recording-errors.js';
