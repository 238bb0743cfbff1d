import { DateTime } from 'luxon';
import {
  CALENDAR,
  inRoleGroup,
  MISS_STATUS,
  ROLE,
  STUDY_FORM_DEFAULTS,
  TIME_ZONE,
} from '@school/shared/domain';
import {
  dateTimePickerSchema,
  parseBody,
  studyMoveToEndSchema,
  type FieldIssue,
} from '@school/shared/validation';
import {
  changedValues,
  DEFAULT_TIME,
  pickerFromMillis,
  pickerMillis,
  type FormMode,
  type FormValues,
  type PickerValue,
  type PresetType,
} from '@school/shared/ui';

// The pickers' parts and moments are the shared date-time picker's (admin-widgets).
export { pickerFromMillis, pickerMillis, type PickerValue };

/**
 * The study form's model and its mapping to and from the API (spec part 2 §3 "Study form", §4, §5;
 * part 1 §4, §5). Pure, so each rule has a unit test; the components only draw what this answers.
 */

export interface StudyParticipant {
  id: number;
  full_name: string;
  /** The role in this study (the pivot's), else the user's. */
  role_id: number;
}

// A type, not an interface: it is also the form's plain record of values.
export type StudyFormValues = {
  users: number[];
  /** Student id → the package the study is billed to (0: the 'Empty' choice, none). */
  subscriptions: Record<string, number>;
  start: PickerValue;
  end: PickerValue;
  type_id: number | null;
  trial: boolean;
  comment: string;
  miss_status: number;
  ignore_offperiods: boolean;
  /** The date-change block (edit mode, once the start moved). */
  show_in_history: boolean;
  initiated_by: number | null;
  change_comment: string;
};

/** Names the form edits beyond the registry's writable study fields (the study command's). */
export const STUDY_FORM_EXTRA_FIELDS = [
  'end',
  'duration',
  'ignore_offperiods',
  'show_in_history',
  'initiated_by',
  'change_comment',
] as const;

/** How a `?create` link's own parameters are typed (the registry types the study's fields). */
export const STUDY_PRESET_TYPES: Readonly<Record<string, PresetType>> = { end: 'datetime', duration: 'int' };

const isoOf = (at: number) =>
  DateTime.fromMillis(at, { zone: TIME_ZONE }).toISO({ suppressMilliseconds: true })!;
const millisOfIso = (iso: unknown): number | null => {
  if (typeof iso !== 'string') return null;
  const parsed = DateTime.fromISO(iso, { zone: TIME_ZONE });
  return parsed.isValid ? parsed.toMillis() : null;
};

/** Minutes between the pickers' moments, null unless both are valid. */
export function durationOf(values: Pick<StudyFormValues, 'start' | 'end'>): number | null {
  const start = pickerMillis(values.start);
  const end = pickerMillis(values.end);
  return start === null || end === null ? null : Math.round((end - start) / 60_000);
}

/** A new start moves the end with it, keeping the length (60 minutes while there was none). */
export function movedStart(
  values: Pick<StudyFormValues, 'start' | 'end'>,
  start: PickerValue,
): Pick<StudyFormValues, 'start' | 'end'> {
  const at = pickerMillis(start);
  if (at === null) return { start, end: values.end };
  const length = durationOf(values);
  const minutes = length !== null && length > 0 ? length : STUDY_FORM_DEFAULTS.duration;
  return { start, end: pickerFromMillis(at + minutes * 60_000) };
}

const emptyValues = (): StudyFormValues => ({
  users: [],
  subscriptions: {},
  start: { date: '', time: DEFAULT_TIME },
  end: { date: '', time: '11:00' },
  type_id: STUDY_FORM_DEFAULTS.type_id,
  trial: STUDY_FORM_DEFAULTS.trial,
  comment: '',
  miss_status: STUDY_FORM_DEFAULTS.miss_status,
  ignore_offperiods: STUDY_FORM_DEFAULTS.ignore_offperiods,
  show_in_history: STUDY_FORM_DEFAULTS.show_in_history,
  initiated_by: null,
  change_comment: '',
});

interface StoredStudy {
  start?: unknown;
  end?: unknown;
  type_id?: unknown;
  trial?: unknown;
  comment?: unknown;
  miss_status?: unknown;
  users?: Array<{
    id: number;
    role_id?: number;
    pivot?: { role_id?: number; subscription_id?: number | null };
  }>;
}

/** The form's values for a stored study (read with `with[]=users`), or the defaults for a new one. */
export function studyFormValues(row: Readonly<Record<string, unknown>>, mode: FormMode): StudyFormValues {
  const values = emptyValues();
  if (mode === 'create') return { ...values };
  const study = row as StoredStudy;
  const start = millisOfIso(study.start);
  const end = millisOfIso(study.end);
  const subscriptions: Record<string, number> = {};
  for (const user of study.users ?? []) {
    if (user.pivot?.subscription_id) subscriptions[String(user.id)] = user.pivot.subscription_id;
  }
  return {
    ...values,
    users: (study.users ?? []).map((user) => user.id),
    subscriptions,
    start: start === null ? values.start : pickerFromMillis(start),
    end: end === null ? values.end : pickerFromMillis(end),
    type_id: typeof study.type_id === 'number' ? study.type_id : values.type_id,
    trial: study.trial === true,
    comment: typeof study.comment === 'string' ? study.comment : '',
    miss_status: typeof study.miss_status === 'number' ? study.miss_status : MISS_STATUS.None,
  };
}

/**
 * A `?create` link's presets as form values (docs/domain-rules.md, "Study form"): `start` and
 * `end` are ISO moments; `duration` (minutes) wins over `end` when both are given, as it does in
 * the study update; without either, the study lasts 60 minutes.
 */
export function studyPresetValues(presets: FormValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (Array.isArray(presets.users)) values.users = presets.users;
  if (typeof presets.type_id === 'number') values.type_id = presets.type_id;
  if (typeof presets.trial === 'boolean') values.trial = presets.trial;
  if (typeof presets.comment === 'string') values.comment = presets.comment;
  const start = millisOfIso(presets.start);
  if (start !== null) {
    const end = millisOfIso(presets.end);
    const minutes =
      typeof presets.duration === 'number' && presets.duration > 0
        ? presets.duration
        : end !== null && end > start
          ? (end - start) / 60_000
          : CALENDAR.newStudySlotMinutes;
    values.start = pickerFromMillis(start);
    values.end = pickerFromMillis(start + minutes * 60_000);
  }
  return values;
}

/**
 * The start moved away from the stored one (edit mode): the date-change block applies. A start
 * being typed (not a valid moment yet) has not moved anywhere.
 */
export function startMoved(values: StudyFormValues, initial: StudyFormValues, mode: FormMode): boolean {
  if (mode !== 'update') return false;
  const now = values.start;
  const before = initial.start;
  if (!now || !before) return false;
  const at = pickerMillis(now);
  return at !== null && at !== pickerMillis(before);
}

/**
 * The body of POST /api/studies (create) or of the study update (edit): start as an ISO moment,
 * the length as `duration`, one package per student that is still a participant.
 */
export function studyFormBody(
  values: StudyFormValues,
  context: { mode: FormMode; initial: StudyFormValues },
): Record<string, unknown> {
  const v = values;
  const start = pickerMillis(v.start);
  const users = v.users ?? [];
  const body: Record<string, unknown> = {
    users,
    subscriptions: users.map((id) => v.subscriptions?.[String(id)] ?? 0).filter((id) => id > 0),
    start: start === null ? null : isoOf(start),
    duration: durationOf(v),
    type_id: v.type_id,
    trial: v.trial,
    comment: v.comment ?? '',
    miss_status: v.miss_status,
  };
  if (v.ignore_offperiods) body.ignore_offperiods = true;
  if (startMoved(values, context.initial, context.mode)) {
    body.show_in_history = v.show_in_history;
    body.change_comment = v.change_comment ?? '';
    if (v.show_in_history) body.initiated_by = v.initiated_by;
  }
  return body;
}

const issue = (path: string, key: string, params: Record<string, unknown> = {}): FieldIssue => ({
  path,
  key,
  params,
});

/**
 * The form's own rules: each picker's date and time (part 1 §5) and the end after the start. The
 * rules of the sent body (the initiator of a shown move, duration limits…) are the command's
 * shared schema's: the form checks its body with the studies resource's create/update schema.
 */
export function validateStudyForm(values: StudyFormValues): FieldIssue[] {
  const v = values;
  const issues: FieldIssue[] = [];
  for (const name of ['start', 'end'] as const) {
    const parsed = parseBody(dateTimePickerSchema, v[name]);
    if (!parsed.success)
      issues.push(...parsed.issues.map((found) => ({ ...found, path: `${name}.${found.path}` })));
  }
  const length = durationOf(v);
  if (length !== null && length < 1) issues.push(issue('end', 'scheduling.update.end_before_start'));
  return issues;
}

/** What the form shows and lets this viewer change (spec part 1 §4, §6; part 2 §4). */
export interface StudyFormAccess {
  /** The miss status radio: Administrator, Manager, Teacher; exactly one student; the date unchanged. */
  showMissStatus: boolean;
  /** Billed Miss locks the date (the spec's warning instead of the pickers). */
  dateLocked: boolean;
  /** 'Move to the end of subscription' may be ticked (part 2 §4). */
  moveToEndAvailable: boolean;
}

export function studyFormAccess(
  values: StudyFormValues,
  initial: StudyFormValues,
  mode: FormMode,
  roleId: number,
  participants: ReadonlyMap<number, StudyParticipant>,
  /** The move-to-end box is ticked (or its date is being fetched). */
  movingToEnd = false,
): StudyFormAccess {
  const v = values;
  const students = (v.users ?? []).filter((id) => participants.get(id)?.role_id === ROLE.Student);
  const moved = startMoved(values, initial, mode);
  const billed = initial.miss_status === MISS_STATUS.BilledMiss || v.miss_status === MISS_STATUS.BilledMiss;
  return {
    showMissStatus: inRoleGroup('missStatus', roleId) && students.length === 1 && !moved && !movingToEnd,
    dateLocked:
      mode === 'update' &&
      initial.miss_status === MISS_STATUS.BilledMiss &&
      v.miss_status === MISS_STATUS.BilledMiss,
    moveToEndAvailable: mode === 'update' && moveToEndSubscription(values) !== null && !billed,
  };
}

/** The one package the study is billed to, the one a move to the end follows; null with none or several. */
export function moveToEndSubscription(values: StudyFormValues): number | null {
  const ids = [...new Set(Object.values(values.subscriptions ?? {}).filter((id) => id > 0))];
  return ids.length === 1 ? ids[0] : null;
}

/** The next study date (ISO, GET next-study-date's `next_date`) as the start picker's value. */
export function nextDateStart(nextDate: string): PickerValue | null {
  const at = millisOfIso(nextDate);
  return at === null ? null : pickerFromMillis(at);
}

/**
 * Saving with 'Move to the end of subscription' ticked (part 2 §4; the server's POST
 * /api/studies/{id}/move-to-end): the command takes the date-change block and finds the date
 * itself; whatever else changed (comment, type, participants…) goes as the usual update after it.
 * The start, its length and the miss status are the command's, so they are not sent again.
 */
export function moveToEndBodies(
  values: StudyFormValues,
  initial: StudyFormValues,
): { move: Record<string, unknown>; rest: Record<string, unknown> | null } {
  const v = values;
  const move: Record<string, unknown> = {
    show_in_history: v.show_in_history,
    change_comment: v.change_comment ?? '',
  };
  if (v.show_in_history) move.initiated_by = v.initiated_by;
  const owned = new Set([
    'start',
    'duration',
    'miss_status',
    'show_in_history',
    'initiated_by',
    'change_comment',
  ]);
  const context = { mode: 'update' as const, initial };
  const before = studyFormBody(initial, context);
  const after = studyFormBody(values, context);
  const rest = Object.fromEntries(
    Object.entries(changedValues(before, after)).filter(([name]) => !owned.has(name)),
  );
  return { move, rest: Object.keys(rest).length > 0 ? rest : null };
}

/** The move-to-end command's body checked by its shared schema (the date-change block's rule). */
export function moveToEndIssues(values: StudyFormValues, initial: StudyFormValues): FieldIssue[] {
  const parsed = parseBody(studyMoveToEndSchema, moveToEndBodies(values, initial).move);
  return parsed.success ? [] : parsed.issues;
}

/** What the failed next-date alert says: the server's `error` field, else the spec's fallback (part 2 §8). */
export function nextDateFailure(body: unknown): { text: string } | { key: 'studyForm.nextDateFailed' } {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  return typeof error === 'string' && error.trim() !== ''
    ? { text: error }
    : { key: 'studyForm.nextDateFailed' };
}
