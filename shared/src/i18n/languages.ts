export const supportedLanguages = ['uk', 'ru', 'en'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const defaultLanguage: SupportedLanguage = 'uk';

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

interface WeightedTag {
  tag: string;
  q: number;
  order: number;
}

function parseAcceptLanguage(header: string): WeightedTag[] {
  return header
    .split(',')
    .map((part, order) => {
      const [rawTag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: rawTag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0);
}

/**
 * SupportedLanguage for an Accept-SupportedLanguage header (or a bare code such as a stored preference):
 * highest q first, ties in header order; a region tag matches its base language (uk-UA → uk);
 * `*` or nothing usable falls back to Ukrainian.
 */
export function pickLanguage(acceptLanguage: string | null | undefined): SupportedLanguage {
  if (!acceptLanguage) return defaultLanguage;
  const ranked = parseAcceptLanguage(acceptLanguage).sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isSupportedLanguage(base)) return base;
  }
  return defaultLanguage;
}
