import i18next, { type BackendModule, type i18n as I18nInstance } from 'i18next';
import { defaultLanguage, supportedLanguages, type SupportedLanguage } from '../i18n/languages';
import { defaultNamespace, i18nInitOptions } from '../i18n/i18n-options';
import { uk } from '../i18n/locales/uk';
import type { Translation } from '../i18n/locales/translation.types';
import { applyDocumentLanguage, readStoredLanguage, storeLanguage } from './language-storage';

/** Languages offered by the language switches (spec: uk default, ru). */
export const switchableLanguages = ['uk', 'ru'] as const;

/**
 * The other languages are fetched when first chosen: every language in the entry chunk cost the
 * family app's first visit ~20 KiB gzipped (issue 11 point 9). Ukrainian, the default and the
 * fallback of every missing key, stays bundled.
 */
const lazyLocales: Record<Exclude<SupportedLanguage, 'uk'>, () => Promise<Translation>> = {
  ru: () => import('../i18n/locales/ru').then((m) => m.ru),
  en: () => import('../i18n/locales/en').then((m) => m.en),
};

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespace === defaultNamespace ? lazyLocales[language as keyof typeof lazyLocales] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (translation) => callback(null, translation),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** An instance with Ukrainian bundled and the other languages loaded on the first switch to them. */
export async function createClientI18n(language: string): Promise<I18nInstance> {
  const instance = i18next.createInstance().use(localeBackend);
  await instance.init({
    ...i18nInitOptions(language),
    resources: { uk: { [defaultNamespace]: uk } },
    partialBundledLanguages: true,
  });
  return instance;
}

/**
 * Creates the i18n instance for a client: stored language (or the default), Ukrainian bundled and
 * the stored language loaded before the first render, `<html lang>` kept in step and every change
 * stored under `app:language`.
 */
export async function setupI18n(): Promise<I18nInstance> {
  const languages = supportedLanguages as readonly string[];
  const language = readStoredLanguage(languages, defaultLanguage);
  const instance = await createClientI18n(language);
  if (instance.language !== language) await instance.changeLanguage(language);
  applyDocumentLanguage(language);
  instance.on('languageChanged', (lng: string) => {
    storeLanguage(lng);
    applyDocumentLanguage(lng);
  });
  return instance;
}
