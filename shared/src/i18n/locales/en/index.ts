import type { Translation } from '../translation.types';
import { validations } from './validations';
import { attributes } from './attributes';
import { errors, errorUnknown } from './errors';
import { auth } from './auth';
import { app, common, languages, roles } from './common';
import { nav, titles } from './nav';
import { ui } from './shell';
import { resources } from './resources';
import { scheduling } from './scheduling';
import { subscriptions } from './subscriptions';
import { calendarUi } from './calendar-ui';
import { calendar, missStatus, notify, recordings, reports, transfer } from './study';
import { family } from './family';
import { documents } from './documents';
import { studyForm } from './study-form';
import { adminForms } from './admin-forms';
import { adminTable } from './admin-table';
import { homework } from './homework';
import { studyPanels } from './study-panels';
import { recordingsUi } from './recordings-ui';
import { recordingUploads } from './recording-uploads';
import { adminWidgets, scheduleForm, scheduleTable, userForm } from './user-forms';
import { moneyForms } from './money-forms';
import { analyticsUi } from './analytics-ui';
import { chat } from './chat';
import { featureFlags } from './feature-flags';
import { familyProfile } from './family-profile';
import { bots } from './bots';
import { limits } from './limits';
import { botDialog } from './bot-dialog';
import { studyReminders } from './study-reminders';
import { desktopShell } from './desktop-shell';
import { desktopNotifications } from './desktop-notifications';
import { offline } from './offline';
import { staffScreens } from './staff-screens';
import { payments } from './payments';
import { paymentsUi } from './payments-ui';
import { imports } from './imports';
import { importsUi } from './imports-ui';
import { offlineWrites } from './offline-writes';
import { writeGuards } from './write-guards';

export const en: Translation = {
  app,
  common,
  roles,
  languages,
  nav,
  titles,
  auth,
  errors,
  errorUnknown,
  validations,
  attributes,
  calendar,
  recordings,
  reports,
  missStatus,
  transfer,
  notify,
  ui,
  resources,
  scheduling,
  subscriptions,
  calendarUi,
  family,
  documents,
  studyForm,
  adminForms,
  adminTable,
  homework,
  studyPanels,
  recordingsUi,
  recordingUploads,
  adminWidgets,
  userForm,
  scheduleForm,
  scheduleTable,
  moneyForms,
  analyticsUi,
  chat,
  featureFlags,
  familyProfile,
  bots,
  limits,
  botDialog,
  studyReminders,
  desktopShell,
  desktopNotifications,
  offline,
  staffScreens,
  payments,
  paymentsUi,
  imports,
  importsUi,
  offlineWrites,
  writeGuards,
};
