import { TIME_ZONE } from '@school/shared/domain';
import { formatMoney } from '@school/shared/rules';
import { translatorFor, type Translate } from '../../platform/i18n/request-i18n.js';

/** The languages a school document is printed in; the staff's English UI still prints Ukrainian. */
export type DocumentLanguage = 'uk' | 'ru';

const RUSSIAN_ONLY_LETTERS = /[ыэъё]/i;

/**
 * Contract templates carry no language column: a template named in Russian (letters Ukrainian
 * does not have) prints its documents in Russian, every other one in Ukrainian.
 */
export function documentLanguageOf(templateName: string | null | undefined): DocumentLanguage {
  return RUSSIAN_ONLY_LETTERS.test(templateName ?? '') ? 'ru' : 'uk';
}

export function documentT(lang: DocumentLanguage): Translate {
  return translatorFor(lang);
}

const DATE = new Intl.DateTimeFormat('uk-UA', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** 2026-11-25T22:30:00Z → '26.11.2026': the school's calendar day (Kyiv), as documents print it. */
export function documentDate(value: Date | string): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  return DATE.format(date);
}

/** Kopiykas → '1 234,56' with plain spaces: Word and PDF text should not depend on NBSP handling. */
export function documentAmount(minor: number): string {
  return formatMoney(minor, 'uk', { currency: false }).replace(/[\u00a0\u202f]/g, ' ');
}

/** Stored digits '380671234567' → '+380 67 123 45 67'; anything else as it is. */
export function documentPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const m = /^380(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+380 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}
