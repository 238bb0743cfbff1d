import type { i18n as I18nInstance } from 'i18next';
import { createI18n, defaultLanguage, supportedLanguages } from '@school/shared/i18n';
import { applyDocumentLanguage, readStoredLanguage, storeLanguage } from './language-storage';

/** Languages offered by the language switches (spec: uk default, ru). */
export const switchableLanguages = ['uk', 'ru'] as const;

/**
 * Creates the i18n instance for a client: stored language (or the default), the shared resources,
 * `<html lang>` kept in step and every change stored under `app:language`.
 */
export async function setupI18n(): Promise<I18nInstance> {
  const languages = supportedLanguages as readonly string[];
  const language = readStoredLanguage(languages, defaultLanguage);
  const instance: I18nInstance = createI18n(language);
  if (instance.language !== language) await instance.changeLanguage(language);
  applyDocumentLanguage(language);
  instance.on('languageChanged', (lng: string) => {
    storeLanguage(lng);
    applyDocumentLanguage(lng);
  });
  return instance;
}
