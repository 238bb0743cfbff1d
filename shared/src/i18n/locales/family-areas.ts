import type { Translation } from './translation.types';

/**
 * The areas of the translation the family web app names (its pages and the shared code they use);
 * the staff-only ones (admin tables and forms, money, documents, analytics, the desktop shell...)
 * stay out of its bundle: they were a third of the Ukrainian it loads on the first visit. The
 * family bundle budget test checks the built app names no other area.
 */
export const FAMILY_AREAS = [
  'app',
  'common',
  'roles',
  'languages',
  'nav',
  'titles',
  'auth',
  'errors',
  'errorUnknown',
  'validations',
  'attributes',
  'calendar',
  'ui',
  'scheduling',
  'subscriptions',
  'calendarUi',
  'family',
  'homework',
  'studyPanels',
  'recordingsUi',
  'bots',
  'familyProfile',
  'paymentsUi',
] as const satisfies readonly (keyof Translation)[];

export type FamilyArea = (typeof FAMILY_AREAS)[number];
export type FamilyTranslation = Pick<Translation, FamilyArea>;

/**
 * The Ukrainian the family app bundles is split by page: the shell and sign-in screens load with
 * the first visit, each page's areas with that page's chunk (i18n-setup.ts addBundledTranslations).
 */
export const FAMILY_SHELL_AREAS = [
  'app',
  'common',
  'roles',
  'languages',
  'nav',
  'titles',
  'auth',
  'errors',
  'errorUnknown',
  'ui',
  'family',
] as const satisfies readonly FamilyArea[];
export type FamilyShellArea = (typeof FAMILY_SHELL_AREAS)[number];
export type FamilyCalendarArea = 'calendar' | 'calendarUi';
export type FamilyStudyArea = 'scheduling' | 'subscriptions' | 'homework' | 'studyPanels' | 'recordingsUi';
export type FamilySettingsArea = 'validations' | 'attributes' | 'bots';
export type FamilyProfileArea = 'familyProfile' | 'bots';
export type FamilyPaymentsArea = 'paymentsUi';
