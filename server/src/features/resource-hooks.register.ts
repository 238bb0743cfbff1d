import { registerResourceHooks } from '../resource-engine/resource-hooks.js';
import { contractsHooks } from './contracts/contracts.sql.js';
import { invoicesHooks } from './invoices/invoices.sql.js';
import { schedulesHooks } from './schedules/schedules.sql.js';
import { registerScheduleWriteHooks } from './schedules/schedules.write.js';
import { studiesHooks } from './studies/studies.sql.js';
import { studyMessagesHooks } from './study-messages/study-messages.sql.js';
import { studyReportsHooks } from './study-reports/study-reports.sql.js';
import { registerStudyReportWriteHooks } from './study-reports/study-reports.write.js';
import { studyTasksHooks } from './study-tasks/study-tasks.sql.js';
import { subscriptionsHooks } from './subscriptions/subscriptions.sql.js';
import { teachersHooks } from './teachers/teachers.sql.js';
import { teachersListingHooks } from './teachers-listing/teachers-listing.sql.js';
import { notesHooks } from './users/notes.sql.js';
import { usersHooks } from './users/users.sql.js';

/** Resource name (as in api/<name>) -> its domain SQL. Exported for tests that assert the wiring. */
export const RESOURCE_HOOKS = {
  studies: studiesHooks,
  subscriptions: subscriptionsHooks,
  invoices: invoicesHooks,
  contracts: contractsHooks,
  users: usersHooks,
  notes: notesHooks,
  teachers: teachersHooks,
  schedules: schedulesHooks,
  study_reports: studyReportsHooks,
  study_tasks: studyTasksHooks,
  study_messages: studyMessagesHooks,
} as const;

/** Called once at app start, before the first request; calling it again changes nothing. */
export function registerAllResourceHooks(): void {
  for (const [resource, hooks] of Object.entries(RESOURCE_HOOKS)) registerResourceHooks(resource, hooks);
  registerScheduleWriteHooks();
  registerStudyReportWriteHooks();
  // Added to the teachers' own hooks (computed attributes merge): the listing's week calendars.
  registerResourceHooks('teachers', teachersListingHooks);
}
