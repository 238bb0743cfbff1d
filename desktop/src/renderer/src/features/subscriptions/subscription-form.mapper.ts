import { DateTime } from 'luxon';
import {
  DEFAULT_PRICE_PER_STUDY,
  DEFAULT_SLOT,
  DEFAULT_STUDY_TYPE_ID,
  STUDIES_COUNT,
  TIME_ZONE,
  inRoleGroup,
} from '@school/shared/domain';
import { roundEur, subscriptionFormPlan, uahPriceFromEur } from '@school/shared/rules';
import type { FormMode, FormValues, PresetType } from '@school/shared/ui';
import { parseBody, subscriptionFormSchema, type FieldIssue } from '@school/shared/validation';
import type { UserContract, UserOption } from '../../kit/admin-widgets/user-search.api';

/**
 * The subscription form's model (spec part 2 §3 "Subscription form", §4, §5, §9) and its mapping
 * to and from the API. Create is the generation command (POST api/subscriptions); an edit that
 * touches the plan regenerates the future studies (the whole form is sent), any other edit is the
 * generic update of the terms. Pure, each rule unit-tested.
 */

export interface SlotValues {
  weekday: number;
  /** H:MM:SS as typed. */
  start_time: string;
  /** Minutes, as typed. */
  duration: string;
}

// A type, not an interface: it is also the form's plain record of values.
export type SubscriptionFormValues = {
  teacher_id: number | null;
  student_id: number | null;
  contract_id: number | null;
  studies_template_type_id: number | null;
  /** yyyy-MM-dd. */
  studies_template_start_date: string;
  studies_template: SlotValues[];
  /** Numbers as typed: the shared schema says what is wrong with them. */
  studies_template_total_count: string;
  studies_per_week: string;
  /** Minor units; NaN while the text is not an amount. */
  price_per_study: number | null;
  /** The price is agreed in euros (form only: eur_rate and eur_price_per_study are sent or cleared). */
  in_eur: boolean;
  eur_price_per_study: string;
  eur_rate: string;
  ignore_offperiods: boolean;
  create_group_studies: boolean;
};

/** The generation command's fields beyond the registry's writable terms. */
export const SUBSCRIPTION_FORM_EXTRA_FIELDS = [
  'teacher_id',
  'student_id',
  'contract_id',
  'studies_template',
  'studies_template_total_count',
  'studies_template_start_date',
  'ignore_offperiods',
  'create_group_studies',
] as const;

/** `?create` parameters the registry does not type; `copy_of=<id>` is the table's prolong. */
export const SUBSCRIPTION_PRESET_TYPES: Readonly<Record<string, PresetType>> = {
  teacher_id: 'int',
  student_id: 'int',
  contract_id: 'int',
  studies_template_total_count: 'int',
  studies_template_start_date: 'date',
  copy_of: 'int',
};

/** What, changed on an edit, replans the future studies (the rest are the package's terms). */
const PLAN_FIELDS = [
  'teacher_id',
  'studies_template',
  'studies_template_start_date',
  'studies_template_total_count',
  'ignore_offperiods',
  'create_group_studies',
];

export const newSlot = (): SlotValues => ({
  weekday: 1,
  start_time: DEFAULT_SLOT.start_time,
  duration: String(DEFAULT_SLOT.duration),
});

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
const textOf = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value
      : '';

export interface StoredSubscription {
  id?: number;
  contract_id?: number;
  contract?: { id: number; student_id?: number; student?: UserOption | null } | null;
  studies_template_type_id?: number;
  price_per_study?: number;
  eur_rate?: number | string | null;
  eur_price_per_study?: number | string | null;
  studies_per_week?: number;
  studies?: Array<{
    id: number;
    start: string;
    users?: Array<{ id: number; role_id?: number; pivot?: { role_id?: number | null } | null }>;
  }>;
  studies_template?: Array<{ weekday: number; start_time: string; duration: number }>;
}

/** The teacher of a package: the teaching participant of its latest study. */
export function teacherOf(row: StoredSubscription): number | null {
  const studies = [...(row.studies ?? [])].sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  for (const study of studies) {
    const teacher = (study.users ?? []).find((user) =>
      inRoleGroup('teaching', user.pivot?.role_id ?? user.role_id),
    );
    if (teacher) return teacher.id;
  }
  return null;
}

function emptyValues(now: DateTime): SubscriptionFormValues {
  return {
    teacher_id: null,
    student_id: null,
    contract_id: null,
    studies_template_type_id: DEFAULT_STUDY_TYPE_ID,
    studies_template_start_date: now.setZone(TIME_ZONE).toISODate() ?? '',
    studies_template: [newSlot()],
    studies_template_total_count: String(STUDIES_COUNT.default),
    studies_per_week: '1',
    price_per_study: DEFAULT_PRICE_PER_STUDY,
    in_eur: false,
    eur_price_per_study: '',
    eur_rate: '',
    ignore_offperiods: false,
    create_group_studies: false,
  };
}

/**
 * A stored package as the form starts from it (part 2 §4): on edit from its earliest future study
 * with the number of future studies; as a copy (prolong) from the day after its latest study with
 * the number of all its studies.
 */
export function subscriptionValuesFromRow(
  row: StoredSubscription,
  plan: 'edit' | 'add',
  now: DateTime,
): SubscriptionFormValues {
  const values = emptyValues(now);
  const { startDate, count } = subscriptionFormPlan(
    plan,
    (row.studies ?? []).map((study) => ({ start: study.start })),
    now.toMillis(),
  );
  const eurRate = row.eur_rate === null || row.eur_rate === undefined ? '' : textOf(Number(row.eur_rate));
  const slots = (row.studies_template ?? []).map((slot) => ({
    weekday: slot.weekday,
    start_time: slot.start_time,
    duration: String(slot.duration),
  }));
  return {
    ...values,
    teacher_id: teacherOf(row),
    student_id: idOf(row.contract?.student_id ?? row.contract?.student?.id),
    contract_id: idOf(row.contract_id ?? row.contract?.id),
    studies_template_type_id: idOf(row.studies_template_type_id) ?? values.studies_template_type_id,
    studies_template_start_date: startDate,
    studies_template: slots.length > 0 ? slots : values.studies_template,
    studies_template_total_count: String(count),
    studies_per_week: textOf(row.studies_per_week) || values.studies_per_week,
    price_per_study: typeof row.price_per_study === 'number' ? row.price_per_study : values.price_per_study,
    in_eur: eurRate !== '',
    eur_rate: eurRate,
    eur_price_per_study: eurRate === '' ? '' : textOf(Number(row.eur_price_per_study ?? 0)),
  };
}

/**
 * Prolong (part 2 §4): the copy of a EUR package takes today's rate and the price in euros times
 * it, a whole number of hryvnias; without today's rate it keeps the old price and rate.
 */
export function prolongedValues(
  values: SubscriptionFormValues,
  todayRate: { eur_rate: number; stale: boolean } | null,
): SubscriptionFormValues {
  if (!values.in_eur || !todayRate || todayRate.stale) return values;
  const eur = Number(values.eur_price_per_study);
  if (!Number.isFinite(eur) || eur < 0) return values;
  return {
    ...values,
    eur_rate: String(todayRate.eur_rate),
    price_per_study: uahPriceFromEur(eur, todayRate.eur_rate),
  };
}

/** The create form's starting values from a `?create` link's presets (the copy's are applied by the form). */
export function subscriptionPresetValues(presets: FormValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of ['teacher_id', 'student_id', 'contract_id', 'studies_template_type_id'] as const) {
    const id = idOf(presets[name]);
    if (id !== null) values[name] = id;
  }
  for (const name of ['studies_template_total_count', 'studies_per_week'] as const) {
    if (typeof presets[name] === 'number') values[name] = String(presets[name]);
  }
  if (typeof presets.price_per_study === 'number') values.price_per_study = presets.price_per_study;
  if (typeof presets.studies_template_start_date === 'string')
    values.studies_template_start_date = presets.studies_template_start_date.slice(0, 10);
  return values;
}

/** The form's values for a stored row (edit) or a new one. */
export function subscriptionFormValues(
  row: Readonly<Record<string, unknown>>,
  mode: FormMode,
  now: DateTime = DateTime.now(),
): SubscriptionFormValues {
  return mode === 'create'
    ? emptyValues(now)
    : subscriptionValuesFromRow(row as StoredSubscription, 'edit', now);
}

/** Choosing a student (part 2 §4): his first contract (the lowest id, as the server's default). */
export function firstContractOf(person: Pick<UserOption, 'contracts'>): UserContract | null {
  const contracts = [...(person.contracts ?? [])].sort((a, b) => a.id - b.id);
  return contracts[0] ?? null;
}

/** EUR price per study × rate as the UAH price (part 2 §9: a whole number of hryvnias), or null while either is not a number. */
export function uahFromEurText(eurPrice: string, eurRate: string): number | null {
  const eur = Number(eurPrice.replace(',', '.'));
  const rate = Number(eurRate.replace(',', '.'));
  if (
    eurPrice.trim() === '' ||
    eurRate.trim() === '' ||
    !Number.isFinite(eur) ||
    !Number.isFinite(rate) ||
    eur < 0 ||
    rate <= 0
  )
    return null;
  return uahPriceFromEur(roundEur(eur), rate);
}

const decimalText = (text: string) => (text.trim() === '' ? null : text.trim().replace(',', '.'));

/** Part 2 §3: the start date goes "as hidden field in day-month-year style" (`2030-01-07` -> `07-01-2030`). */
const dayMonthYear = (iso: string): string => {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return parts ? `${parts[3]}-${parts[2]}-${parts[1]}` : iso;
};

/** The body of the generation command (and of a regeneration). */
export function subscriptionFormBody(v: SubscriptionFormValues): Record<string, unknown> {
  return {
    teacher_id: v.teacher_id,
    student_id: v.student_id,
    contract_id: v.contract_id,
    studies_template_type_id: v.studies_template_type_id,
    studies_template_start_date: v.studies_template_start_date
      ? dayMonthYear(v.studies_template_start_date)
      : null,
    studies_template: (v.studies_template ?? []).map((slot) => ({
      weekday: slot.weekday,
      start_time: slot.start_time.trim(),
      duration: slot.duration.trim() === '' ? null : slot.duration.trim(),
    })),
    studies_template_total_count: v.studies_template_total_count,
    studies_per_week: v.studies_per_week,
    price_per_study: v.price_per_study,
    eur_price_per_study: v.in_eur ? decimalText(v.eur_price_per_study) : null,
    eur_rate: v.in_eur ? decimalText(v.eur_rate) : null,
    ignore_offperiods: v.ignore_offperiods,
    create_group_studies: v.create_group_studies,
  };
}

/** An edit of the plan sends the whole form (the regeneration command); terms alone go as they are. */
export function subscriptionUpdateBody(
  changed: Record<string, unknown>,
  whole: Record<string, unknown>,
): Record<string, unknown> {
  return Object.keys(changed).some((name) => PLAN_FIELDS.includes(name)) ? whole : changed;
}

/** Part 2 §5 (the shared schema the command validates with) and the money input's own "not a number". */
export function validateSubscriptionForm(v: SubscriptionFormValues): FieldIssue[] {
  const body = subscriptionFormBody(v);
  const issues: FieldIssue[] = [];
  if (typeof v.price_per_study === 'number' && Number.isNaN(v.price_per_study)) {
    issues.push({ path: 'price_per_study', key: 'validations.numeric', params: {} });
    body.price_per_study = 0;
  }
  if (v.in_eur) {
    for (const name of ['eur_price_per_study', 'eur_rate'] as const) {
      if (body[name] === null) issues.push({ path: name, key: 'validations.required', params: {} });
    }
  }
  const parsed = parseBody(subscriptionFormSchema, body);
  const refused = new Set(issues.map((issue) => issue.path));
  return [...issues, ...(parsed.success ? [] : parsed.issues.filter((issue) => !refused.has(issue.path)))];
}
