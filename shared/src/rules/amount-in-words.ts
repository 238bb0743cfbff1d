/**
 * An amount in Ukrainian words, as documents print it next to the figures:
 * 123456 kopiykas → 'одна тисяча двісті тридцять чотири гривні 56 копійок'.
 * Hryvnia and thousand are feminine (одна, дві), million and billion masculine (один, два);
 * kopiykas stay in figures, the way Ukrainian invoices write them, with the noun in words.
 */

type Gender = 'masculine' | 'feminine';

const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'чотири', "п'ять", 'шість', 'сім', 'вісім', "дев'ять"];
const UNITS_FEMININE = ['', 'одна', 'дві', 'три', 'чотири', "п'ять", 'шість', 'сім', 'вісім', "дев'ять"];
const TEENS = [
  'десять',
  'одинадцять',
  'дванадцять',
  'тринадцять',
  'чотирнадцять',
  "п'ятнадцять",
  'шістнадцять',
  'сімнадцять',
  'вісімнадцять',
  "дев'ятнадцять",
];
const TENS = [
  '',
  '',
  'двадцять',
  'тридцять',
  'сорок',
  "п'ятдесят",
  'шістдесят',
  'сімдесят',
  'вісімдесят',
  "дев'яносто",
];
const HUNDREDS = [
  '',
  'сто',
  'двісті',
  'триста',
  'чотириста',
  "п'ятсот",
  'шістсот',
  'сімсот',
  'вісімсот',
  "дев'ятсот",
];

/** Noun forms for 1, 2-4 and 5+ (also 11-14). */
export type PluralForms = readonly [one: string, few: string, many: string];

const HRYVNIA: PluralForms = ['гривня', 'гривні', 'гривень'];
const KOPIYKA: PluralForms = ['копійка', 'копійки', 'копійок'];

interface Scale {
  forms: PluralForms;
  gender: Gender;
}

// Index = power of 1000.
const SCALES: readonly Scale[] = [
  { forms: ['', '', ''], gender: 'feminine' },
  { forms: ['тисяча', 'тисячі', 'тисяч'], gender: 'feminine' },
  { forms: ['мільйон', 'мільйони', 'мільйонів'], gender: 'masculine' },
  { forms: ['мільярд', 'мільярди', 'мільярдів'], gender: 'masculine' },
];

/** The Ukrainian plural form for a whole number: 1, 21 → one; 2-4, 22 → few; 0, 5-20, 111 → many. */
export function pluralUk(count: number, forms: PluralForms): string {
  const n = Math.abs(count) % 100;
  if (n >= 11 && n <= 14) return forms[2];
  const last = n % 10;
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

function triadWords(n: number, gender: Gender): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else {
    if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]!);
    const unit = rest % 10;
    if (unit) words.push((gender === 'feminine' ? UNITS_FEMININE : UNITS_MASCULINE)[unit]!);
  }
  return words;
}

/** A whole number in words for a noun of the given gender: 2 (feminine) → 'дві', 0 → 'нуль'. */
export function numberInWordsUk(value: number, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1000 ** SCALES.length) {
    throw new RangeError(`numberInWordsUk: unsupported value ${value}`);
  }
  if (value === 0) return 'нуль';
  const words: string[] = [];
  for (let power = SCALES.length - 1; power >= 0; power--) {
    const triad = Math.floor(value / 1000 ** power) % 1000;
    if (!triad) continue;
    const scale = SCALES[power]!;
    words.push(...triadWords(triad, power === 0 ? gender : scale.gender));
    if (power > 0) words.push(pluralUk(triad, scale.forms));
  }
  return words.join(' ');
}

/**
 * Minor units (kopiykas) → 'одна тисяча гривень 00 копійок'. The first letter is left lower-case:
 * documents capitalise it where the sentence starts.
 */
export function amountInWordsUk(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`amountInWordsUk: unsupported amount ${minor}`);
  const hryvnias = Math.floor(minor / 100);
  const kopiykas = minor % 100;
  return [
    numberInWordsUk(hryvnias, 'feminine'),
    pluralUk(hryvnias, HRYVNIA),
    String(kopiykas).padStart(2, '0'),
    pluralUk(kopiykas, KOPIYKA),
  ].join(' ');
}

/** 'одна гривня' → 'Одна гривня'. */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
