import type { FamilyTranslation } from '../family-areas';
import { validations } from './validations';
import { attributes } from './attributes';
import { errors, errorUnknown } from './errors';
import { auth } from './auth';
import { app, common, languages, roles } from './common';
import { nav, titles } from './nav';
import { ui } from './shell';
import { scheduling } from './scheduling';
import { subscriptions } from './subscriptions';
import { calendarUi } from './calendar-ui';
import { calendar } from './study';
import { family } from './family';
import { homework } from './homework';
import { studyPanels } from './study-panels';
import { recordingsUi } from './recordings-ui';
import { bots } from './bots';
import { familyProfile } from './family-profile';
import { paymentsUi } from './payments-ui';

/** The areas the family web app names (family-areas.ts), without the staff-only ones. */
export const enFamily: FamilyTranslation = {
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
  ui,
  scheduling,
  subscriptions,
  calendarUi,
  family,
  homework,
  studyPanels,
  recordingsUi,
  bots,
  familyProfile,
  paymentsUi,
};
