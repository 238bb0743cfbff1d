import { describe, expect, it } from 'vitest';
import { uk } from '../i18n/locales/uk';
import { IMPORT_KINDS, importFieldIds, mapHeaders, recognizeHeader } from './import-columns';
import {
  importAmountMinor,
  importDate,
  importLessonPlan,
  importPhone,
  importResponsibleType,
  importSex,
} from './import-values';

describe('cells people write', () => {
  it('dates: dd.MM.yyyy, d.M.yyyy and ISO; anything else left for the schema', () => {
    expect(importDate('09.03.2014')).toBe('2014-03-09');
    expect(importDate('1.9.2016')).toBe('2016-09-01');
    expect(importDate('2015-01-01')).toBe('2015-01-01');
    expect(importDate('2015-01-01 00:00')).toBe('2015-01-01');
    expect(importDate('вчора')).toBe('вчора');
  });

  it('phones in any usual Ukrainian spelling become 380XXXXXXXXX', () => {
    expect(importPhone('+38 (050) 111-22-33')).toBe('380501112233');
    expect(importPhone('0671234567')).toBe('380671234567');
    expect(importPhone('80671234567')).toBe('380671234567');
    expect(importPhone('671234567')).toBe('380671234567');
    expect(importPhone('380671234567')).toBe('380671234567');
    expect(importPhone('дзвонити мамі')).toBe('дзвонити мамі');
  });

  it('UAH amounts with a comma or a dot, spaces between thousands → kopiykas', () => {
    expect(importAmountMinor('1 234,50')).toBe(123450);
    expect(importAmountMinor('1234.50')).toBe(123450);
    expect(importAmountMinor('1,234.50')).toBe(123450);
    expect(importAmountMinor('1.234,5')).toBe(123450);
    expect(importAmountMinor('1\u00a0200 грн')).toBe(120000);
    expect(importAmountMinor('350')).toBe(35000);
    expect(importAmountMinor('1 000')).toBe(100000);
    expect(importAmountMinor('дорого')).toBeNull();
  });

  it('responsible types, sexes and lesson plans in three languages', () => {
    expect(importResponsibleType('Мама')).toBe(1);
    expect(importResponsibleType('отец')).toBe(2);
    expect(importResponsibleType('Daughter')).toBe(4);
    expect(importResponsibleType('2')).toBe('2');
    expect(importSex('жіноча')).toBe(2);
    expect(importSex('M')).toBe(1);
    expect(importLessonPlan('пн 10:00, ср 15:30')).toEqual([
      { weekday: 1, start_time: '10:00:00' },
      { weekday: 3, start_time: '15:30:00' },
    ]);
    expect(importLessonPlan('Sun 9.00; Sat 18:45')).toEqual([
      { weekday: 0, start_time: '9:00:00' },
      { weekday: 6, start_time: '18:45:00' },
    ]);
    expect(importLessonPlan('щопонеділка')).toBeNull();
  });
});

describe('headers', () => {
  it('are recognised in Ukrainian, Russian and English, case and marks aside', () => {
    for (const h of ['Прізвище', 'Фамилия', 'Surname', 'LAST NAME*'])
      expect(recognizeHeader('students', h)).toBe('surname');
    expect(recognizeHeader('students', 'Email батька')).toBe('parent_email');
    expect(recognizeHeader('students', 'Фамилия родителя')).toBe('parent_surname');
    expect(recognizeHeader('students', 'Parent first name')).toBe('parent_firstname');
    expect(recognizeHeader('students', 'ім’я')).toBe('firstname');
    expect(recognizeHeader('students', 'Зарплата')).toBeNull();
  });

  it('a sent mapping wins; a field is taken by its first column only', () => {
    expect(mapHeaders('students', ['Пошта', 'E-mail', 'X'], { X: 'phone', Пошта: null })).toEqual([
      { header: 'Пошта', field: null },
      { header: 'E-mail', field: 'email' },
      { header: 'X', field: 'phone' },
    ]);
    expect(mapHeaders('students', ['Email', 'E-mail']).map((c) => c.field)).toEqual(['email', null]);
  });
});

describe('field names', () => {
  it('every field of every kind has a name in the translations', () => {
    for (const kind of IMPORT_KINDS)
      for (const id of importFieldIds(kind)) expect(uk.imports.fields, id).toHaveProperty(id);
  });
});
