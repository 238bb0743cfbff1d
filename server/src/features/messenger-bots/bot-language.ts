/** The languages bot messages are written in; the school's default is Ukrainian. */
export type BotLanguage = 'uk' | 'ru' | 'en';

/** A messenger's language code (Telegram's `language_code`, e.g. "ru", "uk", "en-GB") → ours. */
export function recipientLanguage(code: unknown): BotLanguage {
  const base = typeof code === 'string' ? code.toLowerCase().slice(0, 2) : '';
  return base === 'ru' || base === 'en' ? base : 'uk';
}
