import i18next, { type i18n } from 'i18next';
import { i18nInitOptions } from './i18n-options';
import { defaultLanguage, isSupportedLanguage, type SupportedLanguage } from './languages';
import { resources } from './resources';

/**
 * A fresh, synchronously initialised i18next instance (resources are bundled, nothing loads).
 * The server creates one per language; clients create one and call changeLanguage.
 */
export function createI18n(lang: string = defaultLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.init({ ...i18nInitOptions(lang), resources, initAsync: false });
  return instance;
}

/** One instance per language, built on first use: cheap `t` for the server's per-request language. */
const cache = new Map<SupportedLanguage, i18n>();

export function i18nFor(lang: string): i18n {
  const language = isSupportedLanguage(lang) ? lang : defaultLanguage;
  let instance = cache.get(language);
  if (!instance) {
    instance = createI18n(language);
    cache.set(language, instance);
  }
  return instance;
}
