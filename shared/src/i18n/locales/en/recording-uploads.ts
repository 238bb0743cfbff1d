import type { Translation } from '../translation.types';

export const recordingUploads: Translation['recordingUploads'] = {
  user_not_allowed: 'You may not upload recordings to this study.',
  duplicate_file: 'A file with this name already exists in this study.',
  too_short: 'The recording is too short.',
  user_validation_failed: 'Your account could not be confirmed. Sign in again and retry.',
  study_fetch_failed: 'The study could not be found.',
  existing_fetch_failed: "The study's existing recordings could not be read.",
  metadata_write_failed: 'The recordings could not be saved.',
  file_access_failed: 'The received file could not be read.',
  upload_failed: 'The file could not be stored.',
  existing_download_failed: 'The file of the recording you are replacing was not found.',
  session_move_failed: 'The upload could not be finished.',
  server_configuration: 'The upload service is misconfigured. Please contact the administrator.',
  uploader_disabled: 'The recordings upload service is switched off.',
  study_mismatch: 'The request names another study than its token.',
};
