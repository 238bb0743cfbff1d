import { uk } from './locales/uk';
import { ru } from './locales/ru';
import { en } from './locales/en';
import type { SupportedLanguage } from './languages';
import type { Translation } from './locales/translation.types';

export { defaultNamespace } from './i18n-options';

export const resources = {
  uk: { translation: uk },
  ru: { translation: ru },
  en: { translation: en },
} as const satisfies Record<SupportedLanguage, { translation: Translation }>;

export type { Translation };
