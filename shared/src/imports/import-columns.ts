/**
 * What each import kind reads from a spreadsheet (issue 31): its field ids, which are required,
 * and the headers a school's file may use for them in Ukrainian, Russian and English. The server
 * maps a file's headers with it; the desktop lists the fields for manual mapping.
 */

export const IMPORT_KINDS = ['students', 'teachers', 'contracts', 'subscriptions'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value);
}

export interface ImportFieldDef {
  id: string;
  /** The row is an error without it (the file may still lack the column: every row then errs). */
  required: boolean;
  /** Header spellings, any language and case; compared after normalizeHeader. */
  headers: readonly string[];
}

const f = (id: string, required: boolean, ...headers: string[]): ImportFieldDef => ({
  id,
  required,
  headers,
});

/** Words that make a person's header someone else's: before ("Батько прізвище") or after ("Прізвище батька"). */
interface Qualifier {
  before: readonly string[];
  after: readonly string[];
}

/** One person's columns, optionally someone else's ("parent_" + "Прізвище батька"). */
function personFields(prefix: string, q: Qualifier | null, required: boolean): ImportFieldDef[] {
  const h = (...names: string[]) =>
    q
      ? [
          ...q.before.flatMap((w) => names.map((n) => `${w} ${n}`)),
          ...q.after.flatMap((w) => names.map((n) => `${n} ${w}`)),
        ]
      : names;
  return [
    f(
      `${prefix}email`,
      false,
      ...h('email', 'e-mail', 'пошта', 'почта', 'електронна пошта', 'электронная почта', 'емейл', 'мейл'),
    ),
    f(`${prefix}surname`, false, ...h('прізвище', 'фамилия', 'surname', 'last name', 'family name')),
    f(
      `${prefix}firstname`,
      required,
      ...h("ім'я", 'імя', 'ім’я', 'имя', 'first name', 'firstname', 'name', 'given name'),
    ),
    f(
      `${prefix}patronymic`,
      false,
      ...h('по батькові', 'по-батькові', 'отчество', 'patronymic', 'middle name'),
    ),
    f(`${prefix}phone`, false, ...h('телефон', 'тел', 'phone', 'mobile', 'мобільний', 'мобильный')),
  ];
}

const PARENT: Qualifier = {
  before: ['батько', 'мати', 'батьки', 'родитель', 'parent', 'відповідальний', 'ответственный'],
  after: ['батька', 'батьків', 'матері', 'родителя', 'відповідального', 'ответственного', 'of parent'],
};
const PARENT2: Qualifier = {
  before: PARENT.before.map((w) => `${w} 2`),
  after: PARENT.after.map((w) => `${w} 2`),
};
const PARENT_TYPE = ['тип', 'ким доводиться', 'кем приходится', 'type', 'relation'];

function parentFields(prefix: string, q: Qualifier): ImportFieldDef[] {
  const typeHeaders = [
    ...q.before.flatMap((w) => PARENT_TYPE.map((t) => `${w} ${t}`)),
    ...q.after.flatMap((w) => PARENT_TYPE.map((t) => `${t} ${w}`)),
  ];
  return [...personFields(prefix, q, false), f(`${prefix}type`, false, ...typeHeaders)];
}

const BIRTHDATE = f(
  'birthdate',
  false,
  'дата народження',
  'дата рождения',
  'birthdate',
  'date of birth',
  'birthday',
  'д н',
  'др',
);

export const IMPORT_FIELDS: Readonly<Record<ImportKind, readonly ImportFieldDef[]>> = {
  // A student with up to two parents on the same row (linked as responsible, with their type).
  students: [
    ...personFields('', null, true).map((d) => (d.id === 'email' ? { ...d, required: true } : d)),
    // The user form requires a student's responsible type too (son or daughter).
    f('type', true, 'тип', 'син/донька', 'сын/дочь', 'son/daughter', 'стать', 'пол', 'sex', 'gender', 'type'),
    BIRTHDATE,
    ...parentFields('parent_', PARENT),
    ...parentFields('parent2_', PARENT2),
  ],
  // A user with the Teacher role and the teacher data of the user form.
  teachers: [
    ...personFields('', null, true).map((d) => (d.id === 'email' ? { ...d, required: true } : d)),
    BIRTHDATE,
    f('manager_email', true, 'менеджер', 'менеджер email', 'email менеджера', 'manager', 'manager email'),
    f('priority', true, 'пріоритет', 'приоритет', 'priority'),
    f('sex', true, 'стать', 'пол', 'sex', 'gender'),
    f('zoom', false, 'zoom', 'зум'),
    f('googlemeet', false, 'google meet', 'googlemeet', 'meet'),
  ],
  // A contract, matched by its number; the student (and payer) by email.
  contracts: [
    f(
      'number',
      true,
      'номер',
      'номер договору',
      'номер договора',
      'договір',
      'договор',
      'contract',
      'contract number',
      'number',
      '№',
    ),
    f('student_email', true, 'учень', 'ученик', 'email учня', 'email ученика', 'student', 'student email'),
    f(
      'payer_email',
      false,
      'платник',
      'плательщик',
      'email платника',
      'email плательщика',
      'payer',
      'payer email',
    ),
    f(
      'end_at',
      false,
      'дійсний до',
      'действует до',
      'дата закінчення',
      'дата окончания',
      'end',
      'end date',
      'valid until',
      'end at',
    ),
    f('template', false, 'шаблон', 'шаблон договору', 'шаблон договора', 'template', 'contract template'),
  ],
  // A subscription (package of studies) with its lesson plan, matched by its stated key.
  subscriptions: [
    f('key', true, 'ключ', 'номер абонемента', 'абонемент', 'key', 'subscription', 'subscription key', 'id'),
    f(
      'contract_number',
      true,
      'номер договору',
      'номер договора',
      'договір',
      'договор',
      'contract',
      'contract number',
    ),
    f(
      'teacher_email',
      true,
      'викладач',
      'преподаватель',
      'вчитель',
      'учитель',
      'teacher',
      'teacher email',
      'email викладача',
      'email преподавателя',
    ),
    f('study_type', true, 'тип занять', 'тип занятий', 'тип', 'study type', 'type'),
    f(
      'total_count',
      true,
      'кількість занять',
      'количество занятий',
      'занять',
      'занятий',
      'studies',
      'total',
      'lessons',
      'number of lessons',
    ),
    f(
      'price_per_study',
      true,
      'ціна заняття',
      'цена занятия',
      'ціна',
      'цена',
      'price',
      'price per study',
      'price per lesson',
    ),
    f(
      'studies_per_week',
      true,
      'занять на тиждень',
      'занятий в неделю',
      'на тиждень',
      'в неделю',
      'per week',
      'studies per week',
      'lessons per week',
    ),
    f('start_date', true, 'дата початку', 'дата начала', 'початок', 'начало', 'start', 'start date'),
    f('schedule', true, 'розклад', 'расписание', 'план', 'schedule', 'lesson plan', 'plan'),
    f('duration', false, 'тривалість', 'длительность', 'хвилин', 'минут', 'duration', 'minutes'),
  ],
};

export function importFieldIds(kind: ImportKind): string[] {
  return IMPORT_FIELDS[kind].map((d) => d.id);
}

/** Case, spaces, apostrophe kinds and trailing marks ("Прізвище*", "E-mail:") do not matter. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[’`ʼ]/g, "'")
    .replace(/[*:.()[\]"_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The field a header stands for, or null. A header that names a field id itself is recognised too. */
export function recognizeHeader(kind: ImportKind, header: string): string | null {
  const key = normalizeHeader(header);
  if (!key) return null;
  for (const def of IMPORT_FIELDS[kind]) {
    if (normalizeHeader(def.id) === key) return def.id;
    if (def.headers.some((h) => normalizeHeader(h) === key)) return def.id;
  }
  return null;
}

/**
 * How the file's headers map to fields: an explicit mapping wins (null there = "ignore this
 * column"), then recognition. A field is taken by its first column only.
 */
export function mapHeaders(
  kind: ImportKind,
  headers: readonly string[],
  mapping?: Readonly<Record<string, string | null>> | null,
): { header: string; field: string | null }[] {
  const ids = new Set(importFieldIds(kind));
  const taken = new Set<string>();
  return headers.map((header) => {
    const explicit =
      mapping && Object.prototype.hasOwnProperty.call(mapping, header) ? mapping[header] : undefined;
    let field = explicit === undefined ? recognizeHeader(kind, header) : explicit;
    if (field !== null && (!ids.has(field) || taken.has(field))) field = null;
    if (field) taken.add(field);
    return { header, field };
  });
}
