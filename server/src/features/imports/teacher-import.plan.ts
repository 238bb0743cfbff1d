import { ROLE, inRoleGroup } from '@school/shared/domain';
import { importDate, importPhone, importSex } from '@school/shared/imports';
import { userFormSchema } from '@school/shared/validation';
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
  importUsersRepository as repo,
  type TeacherValues,
  type UserValues,
} from './import-users.repository.js';

interface TeacherRowPlan {
  id: number | null;
  values: UserValues;
  teacher: Omit<TeacherValues, 'user_id'>;
  userChanged: boolean;
  teacherChanged: boolean;
  phone: string | null;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** Teachers: a user with the Teacher role and its teachers row, as the user form writes them. */
export const planTeachers: KindImporter = async (db, records) => {
  const emails = records.flatMap((r) =>
    [lowerEmail(r.values.email), lowerEmail(r.values.manager_email)].filter((e): e is string => !!e),
  );
  const users = new Map((await repo.usersByEmail(db, emails)).map((u) => [u.email, u]));
  const ids = [...users.values()].map((u) => u.id);
  const teachers = new Map((await repo.teachersOf(db, ids)).map((t) => [t.user_id, t]));
  const phones = new Set((await repo.phonesOf(db, ids)).map((p) => `${p.user_id}:${p.phone}`));
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = [];
  const plans: (TeacherRowPlan | null)[] = [];

  for (const record of records) {
    const v = record.values;
    const issues: RowIssue[] = [];
    const email = lowerEmail(v.email);
    const existing = email ? users.get(email) : undefined;
    const managerEmail = lowerEmail(v.manager_email);
    const manager = managerEmail ? users.get(managerEmail) : undefined;
    if (!email) issues.push({ field: 'email', key: 'validations.required', params: {}, path: 'email' });
    else if (seen.has(email))
      issues.push(rowIssue('imports.errors.duplicate_email', { email, row: seen.get(email) }));
    else if (existing && existing.role_id !== ROLE.Teacher)
      issues.push(fieldIssue('email', 'imports.errors.email_other_role', { email }));
    if (
      managerEmail &&
      (!manager || !inRoleGroup('staff', manager.role_id) || inRoleGroup('teaching', manager.role_id))
    )
      issues.push(fieldIssue('manager_email', 'imports.errors.manager_unknown', { email: managerEmail }));
    if (email && !seen.has(email)) seen.set(email, record.row);
    const phone = v.phone ? importPhone(v.phone) : null;
    const checked = validateWith(
      userFormSchema,
      {
        firstname: v.firstname ?? existing?.firstname,
        surname: v.surname ?? existing?.surname ?? undefined,
        patronymic: v.patronymic ?? existing?.patronymic ?? undefined,
        email,
        role_id: ROLE.Teacher,
        source_id: 1,
        active: true,
        birthdate: v.birthdate ? importDate(v.birthdate) : (existing?.birthdate ?? undefined),
        phones: phone ? [{ phone }] : undefined,
        manager_id: manager?.id ?? (managerEmail ? undefined : null),
        priority: v.priority,
        sex: v.sex ? importSex(v.sex) : undefined,
        zoom: v.zoom ?? existing?.zoom ?? undefined,
        googlemeet: v.googlemeet ?? existing?.googlemeet ?? undefined,
      },
      (path) => (path.startsWith('phones') ? 'phone' : path === 'manager_id' ? 'manager_email' : path),
    );
    // An unknown manager is said once, as such, not also as "required".
    issues.push(...checked.issues.filter((i) => !(i.field === 'manager_email' && managerEmail)));
    const d = checked.data;
    if (issues.length || !d || !email) {
      rows.push({ row: record.row, outcome: 'error', issues });
      plans.push(null);
      continue;
    }
    const values: UserValues = {
      role_id: ROLE.Teacher,
      email,
      firstname: d.firstname,
      surname: d.surname ?? null,
      patronymic: d.patronymic ?? null,
      birthdate: d.birthdate ?? null,
      responsible_type_id: existing?.responsible_type_id ?? null,
      zoom: d.zoom ?? null,
      googlemeet: d.googlemeet ?? null,
    };
    const teacher = { manager_id: d.manager_id!, priority: d.priority!, sex: d.sex! };
    const had = existing ? teachers.get(existing.id) : undefined;
    const userChanged =
      !existing ||
      (['firstname', 'surname', 'patronymic', 'birthdate', 'zoom', 'googlemeet'] as const).some(
        (k) => !same(existing[k], values[k]),
      );
    const teacherChanged =
      !had || (['manager_id', 'priority', 'sex'] as const).some((k) => !same(had[k], teacher[k]));
    const addPhone = !!phone && !(existing && phones.has(`${existing.id}:${phone}`));
    rows.push({
      row: record.row,
      outcome: !existing ? 'create' : userChanged || teacherChanged || addPhone ? 'update' : 'unchanged',
      issues,
    });
    plans.push({
      id: existing?.id ?? null,
      values,
      teacher,
      userChanged,
      teacherChanged,
      phone: addPhone ? phone : null,
    });
  }

  const write: ImportPlan['write'] = async (trx, indexes) => {
    const batch = indexes.map((i) => plans[i]).filter((p): p is TeacherRowPlan => !!p);
    const created = await repo.insertUsers(
      trx,
      batch.filter((p) => !p.id).map((p) => p.values),
    );
    await repo.updateUsers(
      trx,
      batch.filter((p) => p.id && p.userChanged).map((p) => ({ ...p.values, id: p.id! })),
    );
    for (const p of batch) p.id ??= created.get(p.values.email) ?? null;
    await repo.upsertTeachers(
      trx,
      batch.filter((p) => p.teacherChanged).map((p) => ({ user_id: p.id!, ...p.teacher })),
    );
    await repo.insertPhones(
      trx,
      batch.filter((p) => p.phone).map((p) => ({ user_id: p.id!, phone: p.phone! })),
    );
  };
  return { rows, write };
};
