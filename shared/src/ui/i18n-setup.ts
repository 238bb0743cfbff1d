import i18next, { type BackendModule, type i18n as I18nInstance } from 'i18next';
import { defaultLanguage, supportedLanguages, type SupportedLanguage } from '../i18n/languages';
import { defaultNamespace, i18nInitOptions } from '../i18n/i18n-options';
import type { Translation } from '../i18n/locales/translation.types';
import { applyDocumentLanguage, readStoredLanguage, storeLanguage } from './language-storage';

/** Languages offered by the language switches (spec: uk default, ru). */
export const switchableLanguages = ['uk', 'ru'] as const;

/**
 * What an app brings of each language: Ukrainian, the default and the fallback of every missing
 * key, bundled; the others fetched when first chosen (every language in the entry chunk cost the
 * family app's first visit ~20 KiB gzipped, issue 11 point 9). An app passes only the areas it
 * names (the family app leaves the staff-only ones out: family-areas.ts).
 */
export interface ClientLocales {
  uk: Partial<Translation>;
  lazy: Record<Exclude<SupportedLanguage, 'uk'>, () => Promise<Partial<Translation>>>;
}

function localeBackend(locales: ClientLocales): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const load =
        namespace === defaultNamespace ? locales.lazy[language as keyof ClientLocales['lazy']] : undefined;
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
}

/** The app's instance once made, and the Ukrainian areas pages brought before it was. */
let appInstance: I18nInstance | undefined;
const broughtEarly: Partial<Translation>[] = [];

/**
 * Adds the Ukrainian areas a lazily loaded page carries in its chunk (the family app bundles only
 * its shell's with the first visit). Called by the page's loader before the page renders; a chunk
 * that arrives before the instance is made (the calendar loads alongside start-up) is kept for it.
 */
export function addBundledTranslations(areas: Partial<Translation>): void {
  if (appInstance) appInstance.addResourceBundle('uk', defaultNamespace, areas, true, false);
  else broughtEarly.push(areas);
}

/** An instance with Ukrainian bundled and the other languages loaded on the first switch to them. */
export async function createClientI18n(language: string, locales: ClientLocales): Promise<I18nInstance> {
  const instance = i18next.createInstance().use(localeBackend(locales));
  await instance.init({
    ...i18nInitOptions(language),
    resources: { uk: { [defaultNamespace]: locales.uk } },
    partialBundledLanguages: true,
  });
  return instance;
}

/**
 * Creates the i18n instance for a client: stored language (or the default), Ukrainian bundled and
 * the stored language loaded before the first render, `<html lang>` kept in step and every change
 * stored under `app:language`.
 */
export async function setupI18n(locales: ClientLocales): Promise<I18nInstance> {
  const languages = supportedLanguages as readonly string[];
  const language = readStoredLanguage(languages, defaultLanguage);
  const instance = await createClientI18n(language, locales);
  appInstance = instance;
  for (const areas of broughtEarly.splice(0))
    instance.addResourceBundle('uk', defaultNamespace, areas, true, false);
  if (instance.language !== language) await instance.changeLanguage(language);
  applyDocumentLanguage(language);
  instance.on('languageChanged', (lng: string) => {
    storeLanguage(lng);
    applyDocumentLanguage(lng);
  });
  return instance;
}
