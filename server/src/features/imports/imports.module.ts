import type { Knex } from 'knex';
import type { ImportKind } from '@school/shared/imports';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { FeatureModule } from '../feature-module.js';
import type { KindImporter } from './import-kind.js';
import { planContracts } from './contract-import.plan.js';
import { planStudents } from './student-import.plan.js';
import { planSubscriptions } from './subscription-import.plan.js';
import { planTeachers } from './teacher-import.plan.js';
import { enqueueImportCommit, registerImportJobs } from './imports.job.js';
import { createImportsRepository } from './imports.repository.js';
import { importsRoutes, importUploadRoutes } from './imports.routes.js';
import { createImportsService, type ImportsService } from './imports.service.js';

export interface ImportsModuleDeps {
  knex: Knex;
  logger: Logger;
  /** Where the uploaded file streams while the preview reads it. */
  uploadDir: string;
  /** The commit runs as a job; without a queue it runs in this process right after the answer. */
  jobs?: JobQueue;
}

export const IMPORTERS: Record<ImportKind, KindImporter> = {
  students: planStudents,
  teachers: planTeachers,
  contracts: planContracts,
  subscriptions: planSubscriptions,
};

/** Spreadsheet imports with preview, commit job, progress and cancel (issue 31). */
export function createImportsModule(
  deps: ImportsModuleDeps,
): FeatureModule<{ imports: ImportsService }> & { services: { imports: ImportsService } } {
  const { knex, logger, jobs } = deps;
  const repo = createImportsRepository(knex);
  const service: ImportsService = createImportsService({
    knex,
    repo,
    importers: IMPORTERS,
    logger,
    enqueueCommit: jobs
      ? (id) => enqueueImportCommit(jobs, id)
      : async (id) => void setImmediate(() => void service.runCommit(id)),
  });
  if (jobs) registerImportJobs(jobs, service);
  return {
    name: 'imports',
    services: { imports: service },
    routes: [
      { stage: 'uploads', router: importUploadRoutes({ service, uploadDir: deps.uploadDir }) },
      { stage: 'commands', router: importsRoutes({ service, repo }) },
    ],
  };
}
