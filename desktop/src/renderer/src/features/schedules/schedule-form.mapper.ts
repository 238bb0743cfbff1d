import { NEW_WORKPERIOD } from '@school/shared/domain';
import type { ResourceQuery } from '@school/shared/api';
import {
  minutesOfTime,
  pickerFromIso,
  pickerIso,
  pickerMillis,
  type FormMode,
  type FormValues,
  type PickerValue,
} from '@school/shared/ui';
import { earlierOverlap, timeSpansOverlap, weekSpansOverlap, workWeekSpan } from '@school/shared/rules';
import {
  attributeRef,
  dateTimePickerSchema,
  parseBody,
  workperiodSchema,
  type FieldIssue,
} from '@school/shared/validation';

/**
 * The schedule form's model and its mapping to and from the API (spec part 2 §3 Schedule, §5
 * "Schedule", §9; docs/domain-rules.md "Schedules", "Schedule form"). Pure, so each rule has a
 * unit test; the editors only draw what this answers.
 */

export interface WorkperiodRow {
  /** A stored row's id, or a negative temporary one (part 2 §9) until saved. */
  id: number;
  weekday: number | null;
  /** As typed: H:MM or HH:MM. */
  start_time: string;
  /** Minutes, as typed. */
  duration: string;
}

export interface OffperiodRow {
  id: number;
  start: PickerValue;
  end: PickerValue;
}

// A type, not an interface: it is also the form's plain record of values.
export type ScheduleFormValues = {
  user_id: number | null;
  /** yyyy-MM-dd; end_at '' = open-ended. */
  start_at: string;
  end_at: string;
  workperiods: WorkperiodRow[];
  offperiods: OffperiodRow[];
};

export const SCHEDULE_FORM_QUERY: ResourceQuery = { with: ['user', 'workperiods', 'offperiods'] };

/** An off period typed as whole days: from the start of its first day to the end of its last. */
export const OFF_DAY_START = '00:00';
export const OFF_DAY_END = '23:59';

/** Temporary ids of new rows: below every id in use and below zero. */
export function nextTempId(rows: ReadonlyArray<{ id: number }>): number {
  return Math.min(0, ...rows.map((row) => row.id)) - 1;
}

/** Part 2 §9: a new work period lasts 60 minutes from 00:00; its weekday is the user's to choose. */
export function newWorkperiod(rows: readonly WorkperiodRow[]): WorkperiodRow {
  return {
    id: nextTempId(rows),
    weekday: null,
    start_time: NEW_WORKPERIOD.start_time.slice(0, 5),
    duration: String(NEW_WORKPERIOD.duration),
  };
}

/** A new off period takes a negative temporary id (part 2 §9); the dates are the user's to choose. */
export function newOffperiod(rows: readonly OffperiodRow[]): OffperiodRow {
  return {
    id: nextTempId(rows),
    start: { date: '', time: OFF_DAY_START },
    end: { date: '', time: OFF_DAY_END },
  };
}

interface StoredSchedule {
  user_id?: unknown;
  start_at?: unknown;
  end_at?: unknown;
  workperiods?: Array<{ id: number; weekday: number; start_time: string; duration: number }>;
  offperiods?: Array<{ id: number; start_at: string; end_at: string }>;
}

const dayOf = (value: unknown) =>
  typeof value === 'string' ? (pickerFromIso(value)?.date ?? value.slice(0, 10)) : '';

/** The form's values for a stored schedule (read with SCHEDULE_FORM_QUERY), or the defaults for a new one. */
export function scheduleFormValues(
  row: Readonly<Record<string, unknown>>,
  mode: FormMode,
): ScheduleFormValues {
  const empty: ScheduleFormValues = {
    user_id: null,
    start_at: '',
    end_at: '',
    workperiods: [],
    offperiods: [],
  };
  if (mode === 'create') return { ...empty };
  const stored = row as StoredSchedule;
  return {
    user_id: typeof stored.user_id === 'number' ? stored.user_id : null,
    start_at: dayOf(stored.start_at),
    end_at: dayOf(stored.end_at),
    workperiods: (stored.workperiods ?? []).map((p) => ({
      id: p.id,
      weekday: p.weekday,
      start_time: p.start_time.slice(0, 5),
      duration: String(p.duration),
    })),
    offperiods: (stored.offperiods ?? []).map((p) => ({
      id: p.id,
      start: pickerFromIso(p.start_at) ?? { date: '', time: OFF_DAY_START },
      end: pickerFromIso(p.end_at) ?? { date: '', time: OFF_DAY_END },
    })),
  };
}

/** A `?create` link's presets: the teacher and the dates (`?create&user_id=5&start_at=2026-09-01`). */
export function schedulePresetValues(presets: FormValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (typeof presets.user_id === 'number') values.user_id = presets.user_id;
  for (const name of ['start_at', 'end_at'] as const)
    if (typeof presets[name] === 'string') values[name] = dayOf(presets[name]);
  return values;
}

/**
 * Prolong (part 2 §2): the form of a new schedule filled from `row` (read with SCHEDULE_FORM_QUERY):
 * the same teacher and work periods (as new rows), no off periods, from the old end with no end.
 * Nothing is written until Save (docs/domain-rules.md "Schedule prolong").
 */
export function prolongedScheduleValues(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const stored = scheduleFormValues(row, 'update');
  return {
    user_id: stored.user_id,
    start_at: stored.end_at,
    end_at: '',
    workperiods: stored.workperiods.map((period, index) => ({ ...period, id: -(index + 1) })),
    offperiods: [],
  };
}

const durationNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The body of POST /api/schedules or of the schedule update, with both nested lists whole. */
export function scheduleFormBody(v: ScheduleFormValues): Record<string, unknown> {
  return {
    user_id: v.user_id,
    start_at: v.start_at || null,
    end_at: v.end_at || null,
    workperiods: (v.workperiods ?? []).map((p) => ({
      id: p.id,
      weekday: p.weekday,
      start_time: p.start_time,
      duration: durationNumber(p.duration),
    })),
    offperiods: (v.offperiods ?? []).map((p) => ({
      id: p.id,
      start_at: pickerIso(p.start),
      end_at: pickerIso(p.end),
    })),
  };
}

/** A work period's span in minutes of the week from Sunday 00:00, null while a part is missing or wrong. */
export function workSpan(row: WorkperiodRow): { from: number; to: number } | null {
  const start = minutesOfTime(row.start_time);
  const duration = Number(row.duration);
  if (row.weekday === null || start === null || !Number.isInteger(duration) || duration < 1) return null;
  return workWeekSpan(row.weekday, start, duration);
}

const issue = (path: string, key: string, params: Record<string, unknown> = {}): FieldIssue => ({
  path,
  key,
  params,
});

/** Each work period's own rules (weekday required, H:MM, minutes ≥ 1), then overlaps with earlier rows. */
function workperiodIssues(rows: readonly WorkperiodRow[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const spans = rows.map(workSpan);
  rows.forEach((row, index) => {
    const parsed = parseBody(workperiodSchema, {
      weekday: row.weekday,
      start_time: row.start_time,
      duration: durationNumber(row.duration),
    });
    if (!parsed.success) {
      issues.push(
        ...parsed.issues.map((found) => ({ ...found, path: `workperiods.${index}.${found.path}` })),
      );
      return;
    }
    const other = earlierOverlap(spans, index, weekSpansOverlap);
    if (other >= 0)
      issues.push(issue(`workperiods.${index}.start_time`, 'validations.work_overlap', { other: other + 1 }));
  });
  return issues;
}

/** Each off period's dates and times (part 1 §5), its end after its start, then overlaps with earlier rows. */
function offperiodIssues(rows: readonly OffperiodRow[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const spans = rows.map((row) => ({ from: pickerMillis(row.start), to: pickerMillis(row.end) }));
  // Only complete, forward rows are compared (the others have their own message).
  const valid = spans.map((span) =>
    span.from !== null && span.to !== null && span.to > span.from
      ? (span as { from: number; to: number })
      : null,
  );
  rows.forEach((row, index) => {
    let complete = true;
    for (const [name, value] of [
      ['start_at', row.start],
      ['end_at', row.end],
    ] as const) {
      const parsed = parseBody(dateTimePickerSchema, value);
      if (parsed.success) continue;
      complete = false;
      // The date's message names the off period's field (start_at, end_at), the time's the time.
      issues.push(
        ...parsed.issues.map((found) => ({
          ...found,
          path:
            found.path === 'date'
              ? `offperiods.${index}.${name}`
              : `offperiods.${index}.${name}.${found.path}`,
        })),
      );
    }
    if (!complete) return;
    const { from, to } = spans[index] as { from: number; to: number };
    if (to <= from) {
      issues.push(
        issue(`offperiods.${index}.end_at`, 'validations.after', { date: attributeRef('start_at') }),
      );
      return;
    }
    const other = earlierOverlap(valid, index, timeSpansOverlap);
    if (other >= 0)
      issues.push(issue(`offperiods.${index}.start_at`, 'validations.off_overlap', { other: other + 1 }));
  });
  return issues;
}

/**
 * The form's own rules over both editors (part 2 §5: each work period's weekday, each off
 * period's start and end required), plus what the lists must not contain: two work periods
 * overlapping in the week, two off periods overlapping in time (docs/domain-rules.md).
 */
export function validateScheduleForm(v: ScheduleFormValues): FieldIssue[] {
  return [...workperiodIssues(v.workperiods ?? []), ...offperiodIssues(v.offperiods ?? [])];
}
