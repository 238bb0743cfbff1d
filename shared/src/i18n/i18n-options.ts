import type { InitOptions } from 'i18next';
import { defaultLanguage, isSupportedLanguage, supportedLanguages } from './languages';

export const defaultNamespace = 'translation';

/**
 * The options every instance shares, the server's and the clients'. Kept apart from the resources:
 * a client bundles Ukrainian only and loads the other languages on demand.
 */
export function i18nInitOptions(lang: string): InitOptions {
  return {
    lng: isSupportedLanguage(lang) ? lang : defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...supportedLanguages],
    defaultNS: defaultNamespace,
    ns: [defaultNamespace],
    // Values go into JSON bodies and React text nodes, both escape on their own.
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}
