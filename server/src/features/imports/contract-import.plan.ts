import { ROLE } from '@school/shared/domain';
import { importDate } from '@school/shared/imports';
import { contractFormSchemaFor } from '@school/shared/validation';
import {
  fieldIssue,
  lowerEmail,
  rowIssue,
  validateWith,
  type PlannedRow,
  type RowIssue,
} from './import-rows.js';
import type { ImportPlan, KindImporter } from './import-kind.js';
import { importMoneyRepository as money, findEntry, type ContractValues } from './import-money.repository.js';
import { importUsersRepository as users } from './import-users.repository.js';

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Contracts, matched by number. The student (and the payer, the student by default) must be in
 * the school already: a contract for an unknown student is a row error, nothing is guessed.
 */
export const planContracts: KindImporter = async (db, records, ctx) => {
  const emails = records.flatMap((r) =>
    [lowerEmail(r.values.student_email), lowerEmail(r.values.payer_email)].filter((e): e is string => !!e),
  );
  const people = new Map((await users.usersByEmail(db, emails)).map((u) => [u.email, u]));
  const existing = new Map(
    (
      await money.contractsByNumber(db, records.map((r) => r.values.number?.trim() ?? '').filter(Boolean))
    ).map((c) => [c.number, c]),
  );
  const templates = await money.contractTemplates(db);
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = [];
  const plans: ((ContractValues & { id: number | null }) | null)[] = [];

  for (const record of records) {
    const v = record.values;
    const issues: RowIssue[] = [];
    const number = v.number?.trim();
    const studentEmail = lowerEmail(v.student_email);
    const payerEmail = lowerEmail(v.payer_email);
    const student = studentEmail ? people.get(studentEmail) : undefined;
    const payer = payerEmail ? people.get(payerEmail) : student;
    const template = v.template ? findEntry(templates, v.template) : undefined;
    if (number && seen.has(number))
      issues.push(rowIssue('imports.errors.duplicate_email', { email: number, row: seen.get(number) }));
    if (number) seen.set(number, seen.get(number) ?? record.row);
    if (studentEmail && (!student || student.role_id !== ROLE.Student))
      issues.push(fieldIssue('student_email', 'imports.errors.student_unknown', { email: studentEmail }));
    if (payerEmail && !payer)
      issues.push(fieldIssue('payer_email', 'imports.errors.payer_unknown', { email: payerEmail }));
    if (v.template && !template)
      issues.push(fieldIssue('template', 'imports.errors.template_unknown', { name: v.template }));
    if (!number) issues.push({ field: 'number', key: 'validations.required', params: {}, path: 'number' });
    const checked = validateWith(
      contractFormSchemaFor(null),
      {
        student_id: student?.id ?? (studentEmail ? 0 : undefined),
        payer_id: payer?.id ?? (payerEmail || studentEmail ? 0 : undefined),
        end_at: v.end_at ? importDate(v.end_at) : undefined,
        template_id: template?.id,
      },
      (path) =>
        ({ student_id: 'student_email', payer_id: 'payer_email', template_id: 'template' })[path] ?? path,
    );
    // Unknown people are said once, as such, not again as "invalid id".
    issues.push(...checked.issues.filter((i) => !issues.some((x) => x.field === i.field)));
    const d = checked.data;
    if (issues.length || !d || !number) {
      rows.push({ row: record.row, outcome: 'error', issues });
      plans.push(null);
      continue;
    }
    const values: ContractValues = {
      number,
      student_id: d.student_id,
      payer_id: d.payer_id,
      template_id: d.template_id ?? null,
      end_at: d.end_at ?? null,
    };
    const had = existing.get(number);
    const changed =
      !had ||
      (['student_id', 'payer_id', 'template_id', 'end_at'] as const).some((k) => !same(had[k], values[k]));
    rows.push({ row: record.row, outcome: !had ? 'create' : changed ? 'update' : 'unchanged', issues });
    plans.push(changed ? { ...values, id: had?.id ?? null } : null);
  }

  const write: ImportPlan['write'] = async (trx, indexes) => {
    const batch = indexes
      .map((i) => plans[i])
      .filter((p): p is ContractValues & { id: number | null } => !!p);
    await money.insertContracts(
      trx,
      batch.filter((p) => !p.id).map(({ id: _id, ...r }) => r),
      ctx.userId,
    );
    await money.updateContracts(
      trx,
      batch.filter((p): p is ContractValues & { id: number } => !!p.id),
    );
  };
  return { rows, write };
};
