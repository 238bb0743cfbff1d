import { randomUUID } from 'node:crypto';
import { ROLE } from '@school/shared/domain';
import { importDate, importPhone, importResponsibleType } from '@school/shared/imports';
import { userFormSchema } from '@school/shared/validation';
import {
  fieldIssue,
  lowerEmail,
  rowIssue,
  validateWith,
  type ImportRecord,
  type PlannedRow,
  type RowIssue,
} from './import-rows.js';
import type { ImportPlan, KindImporter } from './import-kind.js';
import {
  importUsersRepository as repo,
  type ExistingUser,
  type UserValues,
} from './import-users.repository.js';

const PARENT_PREFIXES = ['parent_', 'parent2_'] as const;
const PERSON_FIELDS = ['email', 'firstname', 'surname', 'patronymic', 'phone', 'type'] as const;

/** A person as planned: matched (id) or to create (key: the email it will be created with). */
interface PersonPlan {
  key: string;
  id: number | null;
  values: UserValues;
  changed: boolean;
  phone: string | null;
  addPhone: boolean;
}

interface StudentRowPlan {
  student: PersonPlan;
  parents: PersonPlan[];
  links: string[];
}

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/** Form values of one person on the row, with a prefix (`parent_`) or without (the student). */
function personInput(
  values: Record<string, string>,
  prefix: string,
  roleId: number,
  existing?: ExistingUser,
) {
  const get = (f: string) => values[`${prefix}${f}`];
  const phone = get('phone') ? importPhone(get('phone')!) : undefined;
  const birthdate = prefix === '' && values.birthdate ? importDate(values.birthdate) : undefined;
  const type = get('type') ? importResponsibleType(get('type')!) : undefined;
  return {
    input: {
      firstname: get('firstname') ?? existing?.firstname,
      surname: get('surname') ?? existing?.surname ?? undefined,
      patronymic: get('patronymic') ?? existing?.patronymic ?? undefined,
      email: lowerEmail(get('email')),
      role_id: roleId,
      source_id: 1,
      active: true,
      responsible_type_id: type ?? existing?.responsible_type_id ?? undefined,
      birthdate: birthdate ?? existing?.birthdate ?? undefined,
      phones: phone ? [{ phone }] : undefined,
    },
    phone: phone ?? null,
  };
}

/** A form path back to the import field it came from (`phones.0.phone` → `parent_phone`). */
function fieldOf(prefix: string) {
  return (path: string) => {
    const name = path.startsWith('phones') ? 'phone' : path === 'responsible_type_id' ? 'type' : path;
    return `${prefix}${name}`;
  };
}

function diff(existing: ExistingUser | undefined, values: UserValues): boolean {
  if (!existing) return true;
  return (
    !same(existing.firstname, values.firstname) ||
    !same(existing.surname, values.surname) ||
    !same(existing.patronymic, values.patronymic) ||
    !same(existing.birthdate, values.birthdate) ||
    !same(String(existing.responsible_type_id ?? ''), String(values.responsible_type_id ?? ''))
  );
}

/**
 * Students with up to two parents on the same row. A student is matched by email; a parent by
 * email, else by name among the student's parents, else by email among the file's earlier
 * parents (siblings share one). New parents get the Responsible role and a link to the student.
 */
export const planStudents: KindImporter = async (db, records) => {
  const emails = records.flatMap((r) =>
    ['', ...PARENT_PREFIXES].map((p) => lowerEmail(r.values[`${p}email`])).filter((e): e is string => !!e),
  );
  const users = new Map((await repo.usersByEmail(db, emails)).map((u) => [u.email, u]));
  const studentIds = [...users.values()].filter((u) => u.role_id === ROLE.Student).map((u) => u.id);
  const parentsOf = new Map<number, ExistingUser[]>();
  for (const p of await repo.responsiblesOf(db, studentIds)) {
    const list = parentsOf.get(p.child_id) ?? [];
    list.push(p);
    parentsOf.set(p.child_id, list);
  }
  const allIds = [...users.values()].map((u) => u.id).concat([...parentsOf.values()].flat().map((p) => p.id));
  const phones = new Set((await repo.phonesOf(db, allIds)).map((p) => `${p.user_id}:${p.phone}`));
  const linked = new Set([...parentsOf].flatMap(([child, ps]) => ps.map((p) => `${child}:${p.id}`)));

  const studentRow = new Map<string, number>();
  // Parents the file creates, by email: a sibling's row links the same one.
  const newParents = new Map<string, PersonPlan>();
  const rows: PlannedRow[] = [];
  const plans: (StudentRowPlan | null)[] = [];

  const planPerson = (
    record: ImportRecord,
    prefix: string,
    roleId: number,
    existing: ExistingUser | undefined,
    issues: RowIssue[],
  ): PersonPlan | null => {
    const { input, phone } = personInput(record.values, prefix, roleId, existing);
    const checked = validateWith(userFormSchema, input, fieldOf(prefix));
    issues.push(...checked.issues);
    if (!checked.data) return null;
    const d = checked.data;
    const values: UserValues = {
      role_id: roleId,
      email: d.email ?? existing?.email ?? `user-${randomUUID().slice(0, 12)}@example.com`,
      firstname: d.firstname,
      surname: d.surname ?? null,
      patronymic: d.patronymic ?? null,
      birthdate: d.birthdate ?? null,
      responsible_type_id: d.responsible_type_id ?? null,
    };
    const addPhone = !!phone && !(existing && phones.has(`${existing.id}:${phone}`));
    return {
      key: values.email,
      id: existing?.id ?? null,
      values,
      changed: diff(existing, values),
      phone,
      addPhone,
    };
  };

  for (const record of records) {
    const issues: RowIssue[] = [];
    const email = lowerEmail(record.values.email);
    const existing = email ? users.get(email) : undefined;
    let student: PersonPlan | null = null;
    if (email && studentRow.has(email)) {
      issues.push(rowIssue('imports.errors.duplicate_email', { email, row: studentRow.get(email) }));
    } else if (existing && existing.role_id !== ROLE.Student) {
      issues.push(fieldIssue('email', 'imports.errors.email_other_role', { email }));
    } else if (email && !existing && !record.values.firstname && hasParent(record)) {
      issues.push(rowIssue('imports.errors.student_missing', { email }));
    } else {
      if (email) studentRow.set(email, record.row);
      student = planPerson(record, '', ROLE.Student, existing, issues);
    }
    const parents: PersonPlan[] = [];
    const links: string[] = [];
    for (const prefix of PARENT_PREFIXES) {
      if (!PERSON_FIELDS.some((f) => record.values[`${prefix}${f}`])) continue;
      const pEmail = lowerEmail(record.values[`${prefix}email`]);
      const byEmail = pEmail ? users.get(pEmail) : undefined;
      if (pEmail && (studentRow.has(pEmail) || (byEmail && byEmail.role_id !== ROLE.Responsible))) {
        issues.push(fieldIssue(`${prefix}email`, 'imports.errors.email_other_role', { email: pEmail }));
        continue;
      }
      const shared = pEmail ? newParents.get(pEmail) : undefined;
      if (shared) {
        links.push(shared.key);
        continue;
      }
      const byName =
        !pEmail && existing
          ? (parentsOf.get(existing.id) ?? []).find(
              (p) =>
                norm(p.firstname) === norm(record.values[`${prefix}firstname`]) &&
                norm(p.surname) === norm(record.values[`${prefix}surname`]),
            )
          : undefined;
      const parent = planPerson(record, prefix, ROLE.Responsible, byEmail ?? byName, issues);
      if (!parent) continue;
      parents.push(parent);
      links.push(parent.key);
    }
    if (!email) issues.push({ field: 'email', key: 'validations.required', params: {}, path: 'email' });
    if (issues.length || !student) {
      rows.push({ row: record.row, outcome: 'error', issues });
      plans.push(null);
      continue;
    }
    const linkChanges = student.id
      ? links.some((key) => {
          const p = parents.find((x) => x.key === key) ?? newParents.get(key);
          return !p?.id || !linked.has(`${student.id}:${p.id}`);
        })
      : false;
    const changed =
      student.changed || student.addPhone || parents.some((p) => p.changed || p.addPhone) || linkChanges;
    rows.push({
      row: record.row,
      outcome: !student.id ? 'create' : changed ? 'update' : 'unchanged',
      issues,
    });
    plans.push({ student, parents, links });
    // Only a row that will be written may lend its new parents to a sibling's row.
    for (const p of parents) if (!p.id) newParents.set(p.key, p);
  }

  const write: ImportPlan['write'] = async (trx, indexes) => {
    const batch = indexes
      .map((i) => ({ row: rows[i]!, plan: plans[i] }))
      .filter(
        (x): x is { row: PlannedRow; plan: StudentRowPlan } => !!x.plan && x.row.outcome !== 'unchanged',
      );
    const people = batch.flatMap(({ plan }) => [plan.student, ...plan.parents]);
    const ids = await repo.insertUsers(
      trx,
      people.filter((p) => !p.id).map((p) => p.values),
    );
    for (const p of people) if (!p.id) p.id = ids.get(p.key) ?? null;
    await repo.updateUsers(
      trx,
      people.filter((p) => p.id && p.changed && !ids.has(p.key)).map((p) => ({ ...p.values, id: p.id! })),
    );
    await repo.insertPhones(
      trx,
      people.filter((p) => p.addPhone).map((p) => ({ user_id: p.id!, phone: p.phone! })),
    );
    const pairs = batch.flatMap(({ plan }) =>
      plan.links.map((key) => {
        const parent = plan.parents.find((x) => x.key === key) ?? newParents.get(key)!;
        return { child_id: plan.student.id!, responsible_id: parent.id! };
      }),
    );
    await repo.linkResponsibles(trx, pairs);
  };
  return { rows, write };
};

function hasParent(record: ImportRecord): boolean {
  return PARENT_PREFIXES.some((p) => PERSON_FIELDS.some((f) => record.values[`${p}${f}`]));
}
