import { describe, expect, it } from 'vitest';
import { amountInWordsUk, capitalizeFirst, numberInWordsUk, pluralUk } from './amount-in-words';

const uah = (hryvnias: number, kopiykas = 0) => amountInWordsUk(hryvnias * 100 + kopiykas);

describe('amount in Ukrainian words', () => {
  it.each([
    [1, 'одна гривня 00 копійок'],
    [2, 'дві гривні 00 копійок'],
    [4, 'чотири гривні 00 копійок'],
    [5, "п'ять гривень 00 копійок"],
    [11, 'одинадцять гривень 00 копійок'],
    [12, 'дванадцять гривень 00 копійок'],
    [13, 'тринадцять гривень 00 копійок'],
    [14, 'чотирнадцять гривень 00 копійок'],
    [21, 'двадцять одна гривня 00 копійок'],
    [22, 'двадцять дві гривні 00 копійок'],
    [100, 'сто гривень 00 копійок'],
    [101, 'сто одна гривня 00 копійок'],
    [111, 'сто одинадцять гривень 00 копійок'],
    [1000, 'одна тисяча гривень 00 копійок'],
    [1001, 'одна тисяча одна гривня 00 копійок'],
    [2000, 'дві тисячі гривень 00 копійок'],
    [5000, "п'ять тисяч гривень 00 копійок"],
    [11000, 'одинадцять тисяч гривень 00 копійок'],
    [21000, 'двадцять одна тисяча гривень 00 копійок'],
    [1_000_000, 'один мільйон гривень 00 копійок'],
    [2_000_000, 'два мільйони гривень 00 копійок'],
    [5_000_000, "п'ять мільйонів гривень 00 копійок"],
    [2_002_002, 'два мільйони дві тисячі дві гривні 00 копійок'],
    [0, 'нуль гривень 00 копійок'],
  ])('%i UAH → %s', (hryvnias, words) => {
    expect(uah(hryvnias)).toBe(words);
  });

  it('kopiykas keep their figures and the right noun form', () => {
    expect(uah(0, 1)).toBe('нуль гривень 01 копійка');
    expect(uah(1, 2)).toBe('одна гривня 02 копійки');
    expect(uah(2, 5)).toBe('дві гривні 05 копійок');
    expect(uah(3, 11)).toBe('три гривні 11 копійок');
    expect(uah(3, 21)).toBe('три гривні 21 копійка');
    expect(uah(3, 24)).toBe('три гривні 24 копійки');
    expect(uah(1234, 56)).toBe('одна тисяча двісті тридцять чотири гривні 56 копійок');
  });

  it('a full school-year invoice reads naturally', () => {
    expect(capitalizeFirst(amountInWordsUk(2_400_000))).toBe('Двадцять чотири тисячі гривень 00 копійок');
  });

  it('numbers of masculine nouns use один/два', () => {
    expect(numberInWordsUk(1)).toBe('один');
    expect(numberInWordsUk(2)).toBe('два');
    expect(numberInWordsUk(42, 'feminine')).toBe('сорок дві');
    expect(numberInWordsUk(999_999_999)).toBe(
      "дев'ятсот дев'яносто дев'ять мільйонів дев'ятсот дев'яносто дев'ять тисяч дев'ятсот дев'яносто дев'ять",
    );
  });

  it('plural forms follow the last two digits', () => {
    const forms = ['заняття', 'заняття', 'занять'] as const;
    expect([1, 2, 5, 11, 12, 14, 21, 22, 25, 111, 112, 121].map((n) => pluralUk(n, forms))).toEqual([
      'заняття',
      'заняття',
      'занять',
      'занять',
      'занять',
      'занять',
      'заняття',
      'заняття',
      'занять',
      'занять',
      'занять',
      'заняття',
    ]);
  });

  it('refuses what it cannot say', () => {
    expect(() => amountInWordsUk(-1)).toThrow(RangeError);
    expect(() => amountInWordsUk(1.5)).toThrow(RangeError);
  });
});
