import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import { createAnalyticsModule } from './features/analytics/index.js';
import { createChatPrototypeModule } from './features/chat-prototype/index.js';
import { createAuthModule } from './features/auth/index.js';
import { createBotDialogModule } from './features/bot-dialog/index.js';
import { createContractDocumentsModule } from './features/contract-documents/index.js';
import { createDocumentGeneratorsModule } from './features/document-generators/index.js';
import { createContractsModule } from './features/contracts/index.js';
import { createExchangeRateModule } from './features/exchange-rate/index.js';
import { createFamilyProfileModule } from './features/family-profile/index.js';
import { createFeatureFlagsModule } from './features/feature-flags/index.js';
import type { FeatureModule } from './features/feature-module.js';
import { createFreeSlotsModule } from './features/free-slots/index.js';
import { createIcalFeedsModule } from './features/ical-feeds/index.js';
import { createInvoiceDocumentsModule } from './features/invoice-documents/index.js';
import { createInvoicesModule } from './features/invoices/index.js';
import { createMessengerBotsModule } from './features/messenger-bots/index.js';
import { createPaymentsModule } from './features/payments/index.js';
import { createRecordingUploadsModule } from './features/recording-uploads/index.js';
import { createRecordingFilesModule, createRecordingsModule } from './features/recordings/index.js';
import { createResourcesModule } from './features/resources/index.js';
import { createScheduleProlongModule } from './features/schedule-prolong/index.js';
import { createSchedulesModule } from './features/schedules/index.js';
import { createSchedulingCoreModule } from './features/scheduling-core/index.js';
import { createStudiesModule, createStudiesTotalsModule } from './features/studies/index.js';
import { createStudyEvaluationsModule } from './features/study-evaluations/index.js';
import { createStudyAttendanceModule } from './features/study-attendance/index.js';
import { createStudyDateChangesModule } from './features/study-date-changes/index.js';
import { createStudyMessageReadsModule, createStudyMessagesModule } from './features/study-messages/index.js';
import { createStudyNotifyModule } from './features/study-notify/index.js';
import { createStudyRemindersModule } from './features/study-reminders/index.js';
import { createStudyReportsModule } from './features/study-reports/index.js';
import { createHomeworkModule, createStudyTasksModule } from './features/study-tasks/index.js';
import { createStudyTransferModule } from './features/study-transfer/index.js';
import { createSubscriptionPlansModule } from './features/subscription-plans/index.js';
import { createTableExportsModule } from './features/table-exports/index.js';
import { createSubscriptionsModule } from './features/subscriptions/index.js';
import { createTeachersListingModule } from './features/teachers-listing/index.js';
import { createTeachersModule } from './features/teachers/index.js';
import { createUsersModule } from './features/users/index.js';
import { createImportsModule } from './features/imports/index.js';
import { processUploadDir } from './platform/http/upload-temp.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { Logger } from './platform/logging/logger.js';
import type { MailTransport } from './platform/mail/mail-transport.js';
import { createStorage, type Storage } from './platform/storage/storage.js';
import { createHookRegistry } from './resource-engine/resource-hooks.js';

export interface ModuleDeps {
  knex: Knex;
  config: AppConfig;
  logger: Logger;
  mail?: MailTransport;
  /** The job queue (not started yet): the messenger outbox registers its sender on it. None: no bot sends. */
  jobs?: JobQueue;
  /** Clock for the scheduling rules; tests may pin it. */
  now?: () => number;
  /** Where files are kept (default: from the config, S3 or $DATA_DIR/files). */
  storage?: Storage;
}

/**
 * The composition root: every feature module of the app, built from plain dependencies in one
 * explicit list. app.ts mounts their routes by stage (features/feature-module.ts); the order
 * below is the order within a stage. The resource engine gets every module's hooks as one
 * registry; a second hook for the same thing, or a computed attribute the shared registry does
 * not declare, fails here at start-up. A worker, a bot or a test calls createModules and uses
 * the services without HTTP. Description: docs/modules.md.
 */
export function createModules(deps: ModuleDeps) {
  const { knex, config, logger, now } = deps;
  const storage = deps.storage ?? createStorage(config);
  const auth = createAuthModule({ knex, config, logger, mail: deps.mail, jobs: deps.jobs });
  const core = createSchedulingCoreModule({ knex });
  const { studies, slots } = core.services;
  const freeSlots = createFreeSlotsModule({ knex, studies, slots, now });
  const transfer = createStudyTransferModule({ slots });
  const exchangeRate = createExchangeRateModule({ knex, logger, config });
  const studiesModule = createStudiesModule({
    knex,
    studies,
    now,
    slots,
    freeSlots: freeSlots.services.freeSlots,
    transfer: transfer.services.transfer,
  });
  const bots = createMessengerBotsModule({ knex, config, logger, jobs: deps.jobs });
  const notify = createStudyNotifyModule({
    knex,
    logger,
    studies,
    outbox: bots.services.messengerOutbox,
    now,
  });
  const reminders = createStudyRemindersModule({
    knex,
    logger,
    jobs: deps.jobs,
    outbox: bots.services.messengerOutbox,
    schedule: config.STUDY_REMINDERS_TICK,
    now,
  });
  const attendance = createStudyAttendanceModule({ knex, now });
  const botDialog = createBotDialogModule({
    knex,
    jobs: deps.jobs,
    outbox: bots.services.messengerOutbox,
    attendance: attendance.services.studyAttendance,
    clients: bots.services.botClients,
    logger,
    now,
  });
  const payments = createPaymentsModule({
    knex,
    config,
    logger,
    jobs: deps.jobs,
    outbox: bots.services.messengerOutbox,
    now,
  });
  const features: FeatureModule[] = [
    auth,
    createIcalFeedsModule({ knex, appUrl: config.APP_URL }),
    core,
    freeSlots,
    transfer,
    studiesModule,
    exchangeRate,
    createScheduleProlongModule({ knex }),
    createSubscriptionPlansModule({ knex, logger, exchangeRates: exchangeRate.services.exchangeRates }),
    createTeachersListingModule({ knex }),
    notify,
    bots,
    reminders,
    attendance,
    botDialog,
    createDocumentGeneratorsModule({ knex }),
    createAnalyticsModule({ knex }),
    createChatPrototypeModule({ config }),
    createFeatureFlagsModule({ knex }),
    createFamilyProfileModule({ knex, now }),
    createContractsModule(),
    createInvoicesModule(),
    payments,
    createImportsModule({
      knex,
      logger,
      jobs: deps.jobs,
      // This process's own directory: a start after a crash removes what it left half-written.
      uploadDir: processUploadDir(config.DATA_DIR),
    }),
    createRecordingsModule(),
    createRecordingUploadsModule({ knex, config, studies, now }),
    createSchedulesModule(),
    createStudyMessagesModule(),
    createStudyReportsModule(),
    createStudyTasksModule(),
    createSubscriptionsModule(),
    createTeachersModule(),
    createUsersModule(),
  ];
  const hooks = createHookRegistry(features);
  const recordingFiles = createRecordingFilesModule({
    knex,
    hooks,
    storage,
    logger,
    dataDir: config.DATA_DIR,
    maxFileBytes: config.UPLOAD_LIMIT_MB * 1024 * 1024,
    maxOpenUploads: config.RECORDING_UPLOADS_MAX_OPEN,
    maxOpenBytes: config.RECORDING_UPLOADS_MAX_OPEN_MB * 1024 * 1024,
    ffprobePath: config.FFPROBE_PATH,
  });
  // A session ended in this process takes its playback grants along at once.
  auth.services.sessions.onEnded((ids) => recordingFiles.services.playbackGrants.endSessions(ids));
  const modules: FeatureModule[] = [
    ...features,
    // Documents read their row through the engine (its read check and row scope): they need the hooks.
    createContractDocumentsModule({ knex, hooks, storage, dataDir: config.DATA_DIR }),
    createInvoiceDocumentsModule({ knex, hooks, storage, dataDir: config.DATA_DIR }),
    createStudyEvaluationsModule({ knex, hooks }),
    createStudiesTotalsModule({ knex, hooks }),
    createTableExportsModule({ knex, hooks }),
    createStudyDateChangesModule({ knex, hooks }),
    createStudyMessageReadsModule({ knex, hooks }),
    createHomeworkModule({
      knex,
      hooks,
      storage,
      logger,
      studies,
      updater: studiesModule.services.updater,
      // This process's own directory: a start after a crash removes what it left half-written.
      uploadDir: processUploadDir(config.DATA_DIR),
    }),
    recordingFiles,
    createResourcesModule({ knex, hooks }),
  ];
  return {
    modules,
    hooks,
    /** Services callers reach without HTTP (a bot, a worker, a test). */
    services: {
      ...auth.services,
      ...core.services,
      ...freeSlots.services,
      ...transfer.services,
      ...studiesModule.services,
      ...exchangeRate.services,
      ...notify.services,
      ...bots.services,
      ...reminders.services,
      ...attendance.services,
      ...recordingFiles.services,
      ...payments.services,
    },
  };
}

export type AppModules = ReturnType<typeof createModules>;
