import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import { createAnalyticsModule } from './features/analytics/analytics.module.js';
import { createChatPrototypeModule } from './features/chat-prototype/chat-prototype.module.js';
import { createAuthModule } from './features/auth/auth.module.js';
import { createBotDialogModule } from './features/bot-dialog/bot-dialog.module.js';
import { createContractDocumentsModule } from './features/contract-documents/contract-documents.module.js';
import { createDocumentGeneratorsModule } from './features/document-generators/document-generators.module.js';
import { createContractsModule } from './features/contracts/contracts.module.js';
import { createExchangeRateModule } from './features/exchange-rate/exchange-rate.module.js';
import { createFamilyProfileModule } from './features/family-profile/family-profile.module.js';
import { createFeatureFlagsModule } from './features/feature-flags/feature-flags.module.js';
import type { FeatureModule } from './features/feature-module.js';
import { createFreeSlotsModule } from './features/free-slots/free-slots.module.js';
import { createIcalFeedsModule } from './features/ical-feeds/ical-feeds.module.js';
import { createInvoiceDocumentsModule } from './features/invoice-documents/invoice-documents.module.js';
import { createInvoicesModule } from './features/invoices/invoices.module.js';
import { createMessengerBotsModule } from './features/messenger-bots/messenger-bots.module.js';
import { createPaymentsModule } from './features/payments/index.js';
import { createRecordingUploadsModule } from './features/recording-uploads/recording-uploads.module.js';
import { createRecordingFilesModule, createRecordingsModule } from './features/recordings/recordings.module.js';
import { createResourcesModule } from './features/resources/resources.module.js';
import { createScheduleProlongModule } from './features/schedule-prolong/schedule-prolong.module.js';
import { createSchedulesModule } from './features/schedules/schedules.module.js';
import { createSchedulingCoreModule } from './features/scheduling-core/scheduling-core.module.js';
import { createStudiesModule, createStudiesTotalsModule } from './features/studies/studies.module.js';
import { createStudyEvaluationsModule } from './features/study-evaluations/study-evaluations.module.js';
import { createStudyAttendanceModule } from './features/study-attendance/study-attendance.module.js';
import { createStudyDateChangesModule } from './features/study-date-changes/study-date-changes.module.js';
import { createStudyMessageReadsModule, createStudyMessagesModule } from './features/study-messages/study-messages.module.js';
import { createStudyNotifyModule } from './features/study-notify/study-notify.module.js';
import { createStudyRemindersModule } from './features/study-reminders/study-reminders.module.js';
import { createStudyReportsModule } from './features/study-reports/study-reports.module.js';
import { createHomeworkModule, createStudyTasksModule } from './features/study-tasks/study-tasks.module.js';
import { createStudyTransferModule } from './features/study-transfer/study-transfer.module.js';
import { createSubscriptionPlansModule } from './features/subscription-plans/subscription-plans.module.js';
import { createSubscriptionsModule } from './features/subscriptions/subscriptions.module.js';
import { createTeachersListingModule } from './features/teachers-listing/teachers-listing.module.js';
import { createTeachersModule } from './features/teachers/teachers.module.js';
import { createUsersModule } from './features/users/users.module.js';
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
  const notify = createStudyNotifyModule({ knex, logger, studies, outbox: bots.services.messengerOutbox, now });
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
  const payments = createPaymentsModule({ knex, config, logger, jobs: deps.jobs, outbox: bots.services.messengerOutbox, now });
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
