import type { TFunction } from 'i18next';
import { createI18n, pickLanguage } from '@school/shared/i18n';

export type Translate = TFunction;

const instances = new Map<string, Translate>();

/** One i18next instance per language, made once: translation is on every error path. */
export function translatorFor(lang: string): Translate {
  let t = instances.get(lang);
  if (!t) {
    const i18n = createI18n(lang);
    t = i18n.getFixedT(lang) as Translate;
    instances.set(lang, t);
  }
  return t;
}

export function languageOf(acceptLanguage: string | undefined): string {
  return pickLanguage(acceptLanguage ?? '');
}
