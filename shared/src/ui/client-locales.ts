import { uk } from '../i18n/locales/uk';
import { ukFamilyShell } from '../i18n/locales/uk/family-shell';
import type { ClientLocales } from './i18n-setup';

/** The staff app: every area of every language. */
export const staffLocales: ClientLocales = {
  uk,
  lazy: {
    ru: () => import('../i18n/locales/ru').then((m) => m.ru),
    en: () => import('../i18n/locales/en').then((m) => m.en),
  },
};

/**
 * The family web app: the areas it names only (family-areas.ts), in every language; of Ukrainian
 * only the shell's, each page adding its own when its chunk arrives (addBundledTranslations).
 */
export const familyLocales: ClientLocales = {
  uk: ukFamilyShell,
  lazy: {
    ru: () => import('../i18n/locales/ru/family-app').then((m) => m.ruFamily),
    en: () => import('../i18n/locales/en/family-app').then((m) => m.enFamily),
  },
};

// Each family page's Ukrainian areas, imported by that page so that they travel in its chunk.
export { ukFamilyCalendar } from '../i18n/locales/uk/family-calendar';
export { ukFamilyStudy } from '../i18n/locales/uk/family-study';
export { ukFamilySettings } from '../i18n/locales/uk/family-settings';
export { ukFamilyProfile } from '../i18n/locales/uk/family-profile-page';
export { ukFamilyPayments } from '../i18n/locales/uk/family-payments';
