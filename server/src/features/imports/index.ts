/** The imports feature's public face: what the composition root, the bench and tests use. */
export { createImportsModule, IMPORTERS } from './imports.module.js';
export { IMPORT_BATCH_ROWS, IMPORT_KEEP_DAYS, type ImportsService } from './imports.service.js';
export { importCommitJob, importSweepJob } from './imports.job.js';
