import type { Knex } from 'knex';
import { resetSequences } from './sql-helpers.js';

/**
 * The school's catalogue: study types, classes, languages, teaching vocabularies, contract
 * and invoice templates, disciplines. Idempotent (ON CONFLICT DO NOTHING), so the large
 * benchmark generator can call it on a database that already holds the demo school.
 */

export const STUDY_TYPE = {
  individual: 1,
  pair: 2,
  group: 3,
  trial: 4,
  consultation: 5,
  bonus: 6,
  methodical: 7,
} as const;

export const studyTypes = [
  [1, 'Індивідуальне', 'Индивидуальное'],
  [2, 'Парне', 'Парное'],
  [3, 'Групове', 'Групповое'],
  [4, 'Пробне', 'Пробное'],
  [5, 'Консультація', 'Консультация'],
  [6, 'Бонусне', 'Бонусное'],
  [7, 'Методична сесія', 'Методическая сессия'],
] as const;

export const languages = [
  [1, 'uk', 'Українська', 'Украинский'],
  [2, 'ru', 'Російська', 'Русский'],
  [3, 'en', 'Англійська', 'Английский'],
  [4, 'de', 'Німецька', 'Немецкий'],
  [5, 'pl', 'Польська', 'Польский'],
  [6, 'fr', 'Французька', 'Французский'],
  [7, 'es', 'Іспанська', 'Испанский'],
] as const;

export const teachingFormats = [
  [1, 'Онлайн', 'Онлайн'],
  [2, 'Офлайн', 'Офлайн'],
  [3, 'Змішаний', 'Смешанный'],
] as const;
export const teachingPrograms = [
  [1, 'НУШ', 'НУШ'],
  [2, 'Cambridge English', 'Cambridge English'],
  [3, 'Підготовка до НМТ', 'Подготовка к НМТ'],
  [4, 'Олімпіадна підготовка', 'Олимпиадная подготовка'],
  [5, 'Авторська програма', 'Авторская программа'],
] as const;
export const teachingStyles = [
  [1, 'Ігровий', 'Игровой'],
  [2, 'Академічний', 'Академический'],
  [3, 'Проєктний', 'Проектный'],
  [4, 'Розмовний', 'Разговорный'],
] as const;
export const studyDurations = [
  [1, 30],
  [2, 45],
  [3, 60],
  [4, 90],
] as const;

export const CONTRACT_TEMPLATE = {
  individual: 42,
  pair: 2,
  group: 3,
  offerUah: 17,
  offerEur: 19,
  chess: 21,
} as const;

export const contractTemplates = [
  { id: 1, name: 'Індивідуальний договір (архівний)', url: null, currency: 'UAH' },
  { id: 2, name: 'Парний договір', url: null, currency: 'UAH' },
  { id: 3, name: 'Груповий договір', url: null, currency: 'UAH' },
  { id: 17, name: 'Публічна оферта (UAH)', url: 'https://example.com/offer-uah', currency: 'UAH' },
  { id: 19, name: 'Публічна оферта (EUR)', url: 'https://example.com/offer-eur', currency: 'EUR' },
  { id: 21, name: 'Договір з шахів', url: null, currency: 'UAH' },
  { id: 42, name: 'Індивідуальний договір', url: null, currency: 'UAH' },
] as const;

export const invoiceTemplates = [
  {
    id: 1,
    name: 'Рахунок ФОП (основний)',
    entity: 'ФОП Коваленко Олена Петрівна',
    bank: null,
    contract_template_id: null,
  },
  {
    id: 2,
    name: 'Рахунок ФОП (резервний)',
    entity: 'ФОП Шевчук Тарас Іванович',
    bank: null,
    contract_template_id: null,
  },
  {
    id: 3,
    name: 'ПриватБанк',
    entity: 'ТОВ «Школа Знань»',
    bank: 'АТ КБ «ПриватБанк»',
    contract_template_id: 42,
  },
  {
    id: 4,
    name: 'Монобанк',
    entity: 'ФОП Коваленко Олена Петрівна',
    bank: 'АТ «Універсал Банк»',
    contract_template_id: 42,
  },
  {
    id: 5,
    name: 'Рахунок у EUR',
    entity: 'ТОВ «Школа Знань»',
    bank: 'АТ «Райффайзен Банк»',
    contract_template_id: 19,
  },
  { id: 6, name: 'Оферта UAH', entity: 'ТОВ «Школа Знань»', bank: 'АТ «Ощадбанк»', contract_template_id: 17 },
  {
    id: 7,
    name: 'Шахи',
    entity: 'ФОП Гуменюк Роман Олегович',
    bank: 'АТ КБ «ПриватБанк»',
    contract_template_id: 21,
  },
] as const;

export const contractDisciplines = [
  'Математика',
  'Українська мова',
  'Англійська мова',
  'Німецька мова',
  'Польська мова',
  'Фізика',
  'Хімія',
  'Біологія',
  'Історія України',
  'Географія',
  'Інформатика',
  'Програмування',
  'Шахи',
  'Підготовка до НМТ',
  'Читання',
  'Малювання',
] as const;

/** Rows of a named catalogue: id, the Ukrainian name, the Russian one (migration 021). */
const named = (rows: ReadonlyArray<readonly [number, string, string]>) =>
  rows.map(([id, name, name_ru]) => ({ id, name, name_ru }));

export async function seedCatalogue(knex: Knex): Promise<void> {
  const put = (table: string, rows: object[]) => knex(table).insert(rows).onConflict('id').ignore();
  // A database seeded before the Russian names existed gets them, without touching names a school set.
  const putNamed = (table: string, rows: object[]) =>
    knex(table)
      .insert(rows)
      .onConflict('id')
      .merge({ name_ru: knex.raw('coalesce(??.name_ru, excluded.name_ru)', [table]) });
  await putNamed('study_types', named(studyTypes));
  await put(
    'classifications',
    Array.from({ length: 11 }, (_, i) => ({ id: i + 1, number: i + 1 })),
  );
  await putNamed(
    'languages',
    languages.map(([id, code, name, name_ru]) => ({ id, code, name, name_ru })),
  );
  await putNamed('teaching_formats', named(teachingFormats));
  await putNamed('teaching_programs', named(teachingPrograms));
  await putNamed('teaching_styles', named(teachingStyles));
  await put(
    'study_durations',
    studyDurations.map(([id, minutes]) => ({ id, minutes })),
  );
  await put(
    'contract_templates',
    contractTemplates.map((t) => ({ ...t })),
  );
  await put(
    'contract_disciplines',
    contractDisciplines.map((name, i) => ({ id: i + 1, name })),
  );
  await put(
    'invoice_templates',
    invoiceTemplates.map((t) => ({ ...t })),
  );
  await resetSequences(knex, [
    'study_types',
    'classifications',
    'languages',
    'teaching_formats',
    'teaching_programs',
    'teaching_styles',
    'study_durations',
    'contract_templates',
    'contract_disciplines',
    'invoice_templates',
  ]);
}
