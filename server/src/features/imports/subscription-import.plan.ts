import { importAmountMinor, importDate, importLessonPlan } from '@school/shared/imports';
import { subscriptionFormSchema } from '@school/shared/validation';
import {
  fieldIssue,
  lowerEmail,
  rowIssue,
  validateWith,
  type PlannedRow,
  type RowIssue,
} from './import-rows.js';
import type { ImportPlan, KindImporter } from './import-kind.js';
import {
  importMoneyRepository as money,
  findEntry,
  type SubscriptionValues,
} from './import-money.repository.js';
import { importUsersRepository as users } from './import-users.repository.js';
import { ROLE } from '@school/shared/domain';

type Planned = SubscriptionValues & { id: number | null };

const planKey = (slots: SubscriptionValues['slots']) =>
  [...slots]
    .sort(
      (a, b) => a.weekday - b.weekday || a.start_time.localeCompare(b.start_time) || a.duration - b.duration,
    )
    .map((s) => `${s.weekday} ${s.start_time} ${s.duration}`)
    .join(',');

/** Form path → import field (`studies_template.0.start_time` → `schedule`). */
const FIELD_OF: Record<string, string> = {
  teacher_id: 'teacher_email',
  student_id: 'contract_number',
  contract_id: 'contract_number',
  studies_template_type_id: 'study_type',
  studies_template_total_count: 'total_count',
  studies_template_start_date: 'start_date',
};

/**
 * Subscriptions with their lesson plan, matched by their stated key. The package and its weekly
 * plan are recorded; studies are not generated (docs/api.md "Imports").
 */
export const planSubscriptions: KindImporter = async (db, records, ctx) => {
  const contracts = new Map(
    (
      await money.contractsByNumber(
        db,
        records.map((r) => r.values.contract_number?.trim() ?? '').filter(Boolean),
      )
    ).map((c) => [c.number, c]),
  );
  const teachers = new Map(
    (
      await users.usersByEmail(
        db,
        records.map((r) => lowerEmail(r.values.teacher_email)).filter((e): e is string => !!e),
      )
    ).map((u) => [u.email, u]),
  );
  const existing = new Map(
    (await money.subscriptionsByKey(db, records.map((r) => r.values.key?.trim() ?? '').filter(Boolean))).map(
      (s) => [s.import_key, s],
    ),
  );
  const types = await money.studyTypes(db);
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = [];
  const plans: (Planned | null)[] = [];

  for (const record of records) {
    const v = record.values;
    const issues: RowIssue[] = [];
    const key = v.key?.trim();
    const contract = v.contract_number ? contracts.get(v.contract_number.trim()) : undefined;
    const teacherEmail = lowerEmail(v.teacher_email);
    const teacher = teacherEmail ? teachers.get(teacherEmail) : undefined;
    const type = v.study_type ? findEntry(types, v.study_type) : undefined;
    const price = v.price_per_study ? importAmountMinor(v.price_per_study) : undefined;
    const slots = v.schedule ? importLessonPlan(v.schedule) : undefined;
    if (!key) issues.push({ field: 'key', key: 'validations.required', params: {}, path: 'key' });
    else if (seen.has(key))
      issues.push(rowIssue('imports.errors.duplicate_email', { email: key, row: seen.get(key) }));
    if (key && !seen.has(key)) seen.set(key, record.row);
    if (v.contract_number && !contract)
      issues.push(
        fieldIssue('contract_number', 'imports.errors.contract_unknown', { number: v.contract_number }),
      );
    if (teacherEmail && (!teacher || teacher.role_id !== ROLE.Teacher))
      issues.push(fieldIssue('teacher_email', 'imports.errors.teacher_unknown', { email: teacherEmail }));
    if (v.study_type && !type)
      issues.push(fieldIssue('study_type', 'imports.errors.study_type_unknown', { name: v.study_type }));
    if (price === null) issues.push(fieldIssue('price_per_study', 'imports.errors.bad_amount'));
    if (slots === null) issues.push(fieldIssue('schedule', 'imports.errors.bad_schedule'));
    const checked = validateWith(
      subscriptionFormSchema,
      {
        teacher_id: teacher?.id ?? (teacherEmail ? 0 : undefined),
        student_id: contract?.student_id ?? (v.contract_number ? 0 : undefined),
        contract_id: contract?.id,
        studies_template_type_id: type?.id ?? (v.study_type ? 0 : undefined),
        studies_template_total_count: v.total_count,
        price_per_study: price ?? undefined,
        studies_per_week: v.studies_per_week,
        studies_template_start_date: v.start_date ? importDate(v.start_date) : undefined,
        studies_template: slots?.map((s) => ({ ...s, duration: v.duration })),
      },
      (path) =>
        path.startsWith('studies_template.')
          ? path.endsWith('duration')
            ? 'duration'
            : 'schedule'
          : (FIELD_OF[path] ?? path),
    );
    issues.push(...checked.issues.filter((i) => !issues.some((x) => x.field === i.field)));
    const d = checked.data;
    if (issues.length || !d || !key || !contract) {
      rows.push({ row: record.row, outcome: 'error', issues });
      plans.push(null);
      continue;
    }
    const values: SubscriptionValues = {
      import_key: key,
      contract_id: contract.id,
      studies_template_type_id: d.studies_template_type_id,
      price_per_study: d.price_per_study,
      studies_per_week: d.studies_per_week,
      slots: d.studies_template.map((s) => ({
        weekday: s.weekday,
        start_time: s.start_time,
        duration: s.duration,
      })),
    };
    const had = existing.get(key);
    const changed =
      !had ||
      had.contract_id !== values.contract_id ||
      had.studies_template_type_id !== values.studies_template_type_id ||
      had.price_per_study !== values.price_per_study ||
      had.studies_per_week !== values.studies_per_week ||
      had.plan !== planKey(values.slots);
    rows.push({ row: record.row, outcome: !had ? 'create' : changed ? 'update' : 'unchanged', issues });
    plans.push(changed ? { ...values, id: had?.id ?? null } : null);
  }

  const write: ImportPlan['write'] = async (trx, indexes) => {
    const batch = indexes.map((i) => plans[i]).filter((p): p is Planned => !!p);
    await money.insertSubscriptions(
      trx,
      batch.filter((p) => !p.id).map(({ id: _id, ...r }) => r),
      ctx.userId,
    );
    await money.updateSubscriptions(
      trx,
      batch.filter((p): p is Planned & { id: number } => !!p.id),
    );
  };
  return { rows, write };
};
