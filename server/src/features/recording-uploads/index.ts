// The public face of features/recording-uploads: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createRecordingUploadsModule } from './recording-uploads.module.js';
export { uploaderPublicUrl } from './upload-service.config.js';
export { startUploadServiceProcess, type UploadServiceProcess } from './upload-service.process.js';
export { loadUploadSecret } from './upload-secret.js';
