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
  [1, 'Індивідуальне'],
  [2, 'Парне'],
  [3, 'Групове'],
  [4, 'Пробне'],
  [5, 'Консультація'],
  [6, 'Бонусне'],
  [7, 'Методична сесія'],
] as const;

export const languages = [
  [1, 'uk', 'Українська'],
  [2, 'ru', 'Російська'],
  [3, 'en', 'Англійська'],
  [4, 'de', 'Німецька'],
  [5, 'pl', 'Польська'],
  [6, 'fr', 'Французька'],
  [7, 'es', 'Іспанська'],
] as const;

export const teachingFormats = [
  [1, 'Онлайн'],
  [2, 'Офлайн'],
  [3, 'Змішаний'],
] as const;
export const teachingPrograms = [
  [1, 'НУШ'],
  [2, 'Cambridge English'],
  [3, 'Підготовка до НМТ'],
  [4, 'Олімпіадна підготовка'],
  [5, 'Авторська програма'],
] as const;
export const teachingStyles = [
  [1, 'Ігровий'],
  [2, 'Академічний'],
  [3, 'Проєктний'],
  [4, 'Розмовний'],
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

const pairs = (rows: ReadonlyArray<readonly [number, string]>) => rows.map(([id, name]) => ({ id, name }));

export async function seedCatalogue(knex: Knex): Promise<void> {
  const put = (table: string, rows: object[]) => knex(table).insert(rows).onConflict('id').ignore();
  await put('study_types', pairs(studyTypes));
  await put(
    'classifications',
    Array.from({ length: 11 }, (_, i) => ({ id: i + 1, number: i + 1 })),
  );
  await put(
    'languages',
    languages.map(([id, code, name]) => ({ id, code, name })),
  );
  await put('teaching_formats', pairs(teachingFormats));
  await put('teaching_programs', pairs(teachingPrograms));
  await put('teaching_styles', pairs(teachingStyles));
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
