import i18next, { type i18n } from 'i18next';
import {
  defaultLanguage,
  isSupportedLanguage,
  supportedLanguages,
  type SupportedLanguage,
} from './languages';
import { defaultNamespace, resources } from './resources';

/**
 * A fresh, synchronously initialised i18next instance (resources are bundled, nothing loads).
 * The server creates one per language; clients create one and call changeLanguage.
 */
export function createI18n(lang: string = defaultLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: isSupportedLanguage(lang) ? lang : defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...supportedLanguages],
    defaultNS: defaultNamespace,
    ns: [defaultNamespace],
    initAsync: false,
    // Values go into JSON bodies and React text nodes, both escape on their own.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
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
