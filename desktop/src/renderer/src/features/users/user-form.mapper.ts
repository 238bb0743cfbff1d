import { inRoleGroup, PASSWORD_MIN_LENGTH, ROLE, USER_SOURCE } from '@school/shared/domain';
import type { ResourceQuery } from '@school/shared/api';
import {
  phoneForSubmit,
  phoneRowsOf,
  type FormMode,
  type FormValues,
  type PhoneRow,
  type PresetType,
} from '@school/shared/ui';
import type { FieldIssue } from '@school/shared/validation';
import type { UserOption } from '../../kit/admin-widgets/user-search.api';

/**
 * The user form's model and its mapping to and from the API (spec part 2 §3 User, §5 "User form",
 * §9; docs/domain-rules.md "User form"). Pure, so each rule has a unit test.
 */

export const TEACHER_LISTS = [
  'teaching_formats',
  'teaching_programs',
  'teaching_styles',
  'teaching_study_types',
  'study_durations',
] as const;
export type TeacherList = (typeof TEACHER_LISTS)[number];

// A type, not an interface: it is also the form's plain record of values.
export type UserFormValues = {
  firstname: string;
  surname: string;
  patronymic: string;
  email: string;
  password: string;
  role_id: number | null;
  source_id: number | null;
  responsible_type_id: number | null;
  active: boolean;
  phones: PhoneRow[];
  classes: number[];
  languages: number[];
  responsibles: number[];
  childs: number[];
  birthdate: string;
  zoom: string;
  googlemeet: string;
  /** The latest staff note; a changed text is added as a new note. */
  notes: string;
  manager_id: number | null;
  priority: number | null;
  sex: number | null;
} & Record<TeacherList, number[]>;

/** The user as the form reads it: contacts, family, and the teacher profile with its lists. */
export const USER_FORM_QUERY: ResourceQuery = {
  with: [
    'phones',
    'classes',
    'languages',
    'responsibles',
    'childs',
    'notes',
    'teacher',
    ...TEACHER_LISTS.map((name) => `teacher.${name}`),
  ],
};

/** Names the form edits beyond the registry's writable user fields (the user write's own). */
export const USER_FORM_EXTRA_FIELDS = [
  'password',
  'notes',
  'manager_id',
  'priority',
  'sex',
  ...TEACHER_LISTS,
] as const;

/** `?create&role_id=4&responsibles[]=7`: the registry types the user's fields; these are the form's own. */
export const USER_PRESET_TYPES: Readonly<Record<string, PresetType>> = {
  manager_id: 'int',
  priority: 'int',
  sex: 'int',
};

/** Roles whose form has the teacher profile; only a Teacher must fill it (part 2 §5). */
export const hasTeacherProfile = (roleId: number | null) =>
  roleId !== null && inRoleGroup('teaching', roleId);
/** A Student's responsibles and a Responsible's children are edited on their form (also shown when already linked). */
export const showsResponsibles = (values: Pick<UserFormValues, 'role_id' | 'responsibles'>) =>
  values.role_id === ROLE.Student || values.responsibles.length > 0;
export const showsChilds = (values: Pick<UserFormValues, 'role_id' | 'childs'>) =>
  values.role_id === ROLE.Responsible || values.childs.length > 0;

const emptyValues = (): UserFormValues => ({
  firstname: '',
  surname: '',
  patronymic: '',
  email: '',
  password: '',
  role_id: null,
  source_id: USER_SOURCE.Unknown,
  responsible_type_id: null,
  active: true,
  phones: [],
  classes: [],
  languages: [],
  responsibles: [],
  childs: [],
  birthdate: '',
  zoom: '',
  googlemeet: '',
  notes: '',
  manager_id: null,
  priority: null,
  sex: null,
  teaching_formats: [],
  teaching_programs: [],
  teaching_styles: [],
  teaching_study_types: [],
  study_durations: [],
});

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const ids = (value: unknown): number[] =>
  Array.isArray(value)
    ? value
        .map((row) => (typeof row === 'number' ? row : (row as { id?: unknown })?.id))
        .filter((id): id is number => typeof id === 'number')
    : [];

/** The form's values for a stored user (read with USER_FORM_QUERY), or the defaults for a new one. */
export function userFormValues(row: Readonly<Record<string, unknown>>, mode: FormMode): UserFormValues {
  const values = emptyValues();
  if (mode === 'create') return { ...values };
  const teacher = (row.teacher ?? null) as Record<string, unknown> | null;
  const notes = Array.isArray(row.notes) ? (row.notes as Array<{ content?: unknown }>) : [];
  const profile: Partial<UserFormValues> = {};
  if (teacher) {
    profile.manager_id = num(teacher.manager_id);
    profile.priority = num(teacher.priority);
    profile.sex = num(teacher.sex);
    for (const name of TEACHER_LISTS) profile[name] = ids(teacher[name]);
  }
  return {
    ...values,
    firstname: str(row.firstname),
    surname: str(row.surname),
    patronymic: str(row.patronymic),
    email: str(row.email),
    role_id: num(row.role_id),
    source_id: num(row.source_id),
    responsible_type_id: num(row.responsible_type_id),
    active: row.active === true,
    phones: phoneRowsOf(row.phones),
    classes: ids(row.classes),
    languages: ids(row.languages),
    responsibles: ids(row.responsibles),
    childs: ids(row.childs),
    birthdate: str(row.birthdate).slice(0, 10),
    zoom: str(row.zoom),
    googlemeet: str(row.googlemeet),
    // Notes come newest first.
    notes: str(notes[0]?.content),
    ...profile,
  };
}

/** A `?create` link's presets over the defaults (role, source, family links, classes…). */
export function userPresetValues(presets: FormValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(presets))
    if (value !== undefined && name !== 'password') values[name] = value;
  return values;
}

const orNull = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : null);

/**
 * The body of POST /api/users or of the user update: the phones as digits (only the prefix typed
 * is no phone), the password only when typed, the teacher profile only for teaching roles.
 * An update sends what differs from the stored user's body.
 */
export function userFormBody(v: UserFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    firstname: (v.firstname ?? '').trim(),
    surname: orNull(v.surname),
    patronymic: orNull(v.patronymic),
    email: orNull(v.email),
    role_id: v.role_id,
    source_id: v.source_id,
    responsible_type_id: v.responsible_type_id,
    active: v.active,
    phones: (v.phones ?? []).map(phoneForSubmit),
    classes: v.classes ?? [],
    languages: v.languages ?? [],
    responsibles: v.responsibles ?? [],
    childs: v.childs ?? [],
    birthdate: orNull(v.birthdate),
    zoom: orNull(v.zoom),
    googlemeet: orNull(v.googlemeet),
    notes: v.notes ?? '',
  };
  if (v.password) body.password = v.password;
  if (hasTeacherProfile(v.role_id)) {
    Object.assign(body, { manager_id: v.manager_id, priority: v.priority, sex: v.sex });
    for (const name of TEACHER_LISTS) body[name] = v[name] ?? [];
  }
  return body;
}

/**
 * The form's own rules before the shared schema: a new user needs a password (the create route
 * requires one; an edit keeps the old one when left empty), at least 8 characters either way.
 */
export function validateUserForm(v: UserFormValues, context: { mode: FormMode }): FieldIssue[] {
  if (context.mode === 'create' && !v.password)
    return [{ path: 'password', key: 'validations.required', params: {} }];
  if (v.password && v.password.length < PASSWORD_MIN_LENGTH) {
    return [{ path: 'password', key: 'validations.min.string', params: { min: PASSWORD_MIN_LENGTH } }];
  }
  return [];
}

/** Names of linked users: those the stored user lists, then those picked or looked up. */
export function linkedPeople(
  stored: Readonly<Record<string, unknown>> | undefined,
  ...more: ReadonlyArray<Iterable<UserOption>>
): Map<number, UserOption> {
  const people = new Map<number, UserOption>();
  for (const name of ['responsibles', 'childs']) {
    const rows = stored?.[name];
    if (!Array.isArray(rows)) continue;
    for (const row of rows as UserOption[]) if (typeof row?.id === 'number') people.set(row.id, row);
  }
  for (const list of more) for (const person of list) people.set(person.id, person);
  return people;
}
