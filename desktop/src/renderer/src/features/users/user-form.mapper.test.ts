import { describe, expect, it } from 'vitest';
import { findResource } from '@school/shared/resources';
import { formIssues, presetsFromQuery, readFormLink } from '@school/shared/ui';
import { ROLE } from '@school/shared/domain';
import {
  USER_FORM_EXTRA_FIELDS,
  USER_PRESET_TYPES,
  userFormBody,
  userFormValues,
  userPresetValues,
  validateUserForm,
  type UserFormValues,
} from './user-form.mapper';

const users = findResource('users')!;
const fields = [
  ...Object.keys(users.fields),
  'phones',
  'classes',
  'languages',
  'responsibles',
  'childs',
  ...USER_FORM_EXTRA_FIELDS,
];
const create = (values: Partial<UserFormValues>): UserFormValues => ({
  ...userFormValues({}, 'create'),
  ...values,
});
const issuesOf = (values: UserFormValues, mode: 'create' | 'update' = 'create') => {
  const own = validateUserForm(values, { mode });
  const refused = new Set(own.map((issue) => issue.path.split('.')[0]));
  const schema = formIssues(users, mode, userFormBody(values), fields).filter(
    (issue) => !refused.has(issue.path.split('.')[0]),
  );
  return [...own, ...schema].map((issue) => `${issue.path}:${issue.key}`);
};

const stored = {
  id: 12,
  firstname: 'Олена',
  surname: 'Коваль',
  patronymic: null,
  email: 'olena@example.com',
  role_id: ROLE.Teacher,
  source_id: 4,
  responsible_type_id: null,
  active: true,
  birthdate: '1990-05-02',
  zoom: null,
  googlemeet: 'https://meet.example/x',
  phones: [{ id: 3, phone: '380671112233', type_id: 2 }],
  classes: [{ id: 5, number: 5 }],
  languages: [{ id: 1, code: 'uk' }],
  responsibles: [],
  childs: [],
  notes: [
    { id: 9, content: 'нова' },
    { id: 8, content: 'стара' },
  ],
  teacher: {
    manager_id: 2,
    priority: 1,
    sex: 2,
    teaching_formats: [{ id: 1 }],
    teaching_programs: [],
    teaching_styles: [{ id: 3 }],
    teaching_study_types: [],
    study_durations: [{ id: 2 }],
  },
};

describe('user form values', () => {
  it('a new user starts active, source Unknown, no role, no phones', () => {
    const v = userFormValues({}, 'create');
    expect(v).toMatchObject({ active: true, source_id: 1, role_id: null, phones: [], password: '' });
  });

  it('reads a stored teacher: ids of the lists, the newest note, the profile', () => {
    const v = userFormValues(stored, 'update');
    expect(v).toMatchObject({
      firstname: 'Олена',
      patronymic: '',
      phones: [{ id: 3, phone: '380671112233', type_id: 2 }],
      classes: [5],
      languages: [1],
      notes: 'нова',
      manager_id: 2,
      priority: 1,
      sex: 2,
      teaching_formats: [1],
      teaching_styles: [3],
      study_durations: [2],
    });
  });

  it('an unchanged stored user sends an unchanged body, so editing nothing is not dirty', () => {
    const v = userFormValues(stored, 'update');
    expect(userFormBody(v)).toEqual(userFormBody({ ...v }));
    expect(userFormBody(v)).not.toHaveProperty('password');
  });

  it('?create&role_id=4&responsibles[]=7 presets the role and the link', () => {
    const link = readFormLink(new URLSearchParams('create&role_id=4&responsibles[]=7&password=x&priority=2'));
    if (link?.mode !== 'create') throw new Error('no link');
    expect(userPresetValues(presetsFromQuery(users, link.params, USER_PRESET_TYPES))).toEqual({
      role_id: 4,
      responsibles: [7],
      priority: 2,
    });
  });
});

describe('user form body', () => {
  it('sends phones as digits, only the prefix as none, the password only when typed, trimmed email', () => {
    const body = userFormBody(
      create({
        firstname: ' Іван ',
        email: ' ivan@example.com ',
        role_id: ROLE.Student,
        phones: [
          { phone: '+380 (50) 111-22-33', type_id: 1 },
          { phone: '380', type_id: 3 },
        ],
      }),
    );
    expect(body).toMatchObject({
      firstname: 'Іван',
      email: 'ivan@example.com',
      phones: [
        { phone: '380501112233', type_id: 1 },
        { phone: '', type_id: 3 },
      ],
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('manager_id');
  });

  it('an empty email is sent as none (the server makes one up on example.com)', () => {
    expect(userFormBody(create({ email: '  ' })).email).toBeNull();
  });

  it('the teacher profile goes only with a teaching role', () => {
    expect(
      userFormBody(create({ role_id: ROLE.Teacher, manager_id: 2, teaching_formats: [1] })),
    ).toMatchObject({ manager_id: 2, teaching_formats: [1], priority: null });
    expect(userFormBody(create({ role_id: ROLE.Methodologist }))).toHaveProperty('teaching_styles', []);
  });
});

describe('user form rules (part 2 §5)', () => {
  it('a new user needs first name, role, password; a phone typed with only its prefix is required', () => {
    expect(issuesOf(create({ phones: [{ phone: '380', type_id: 1 }] }))).toEqual([
      'password:validations.required',
      'firstname:validations.required',
      'role_id:validations.required',
      'phones.0.phone:validations.required',
    ]);
  });

  it('password at least 8, a valid email, phones numeric', () => {
    expect(
      issuesOf(
        create({
          firstname: 'А',
          role_id: 1,
          password: 'short',
          email: 'nope',
          phones: [{ phone: '38067abc', type_id: 1 }],
        }),
      ),
    ).toEqual([
      'password:validations.min.string',
      'email:validations.email',
      'phones.0.phone:validations.numeric',
    ]);
  });

  it('a Student or Responsible needs a responsible type; a Teacher manager, priority and sex', () => {
    const base = { firstname: 'А', password: '12345678' };
    expect(issuesOf(create({ ...base, role_id: ROLE.Student }))).toEqual([
      'responsible_type_id:validations.required',
    ]);
    expect(issuesOf(create({ ...base, role_id: ROLE.Responsible, responsible_type_id: 1 }))).toEqual([]);
    expect(issuesOf(create({ ...base, role_id: ROLE.Teacher }))).toEqual([
      'manager_id:validations.required',
      'priority:validations.required',
      'sex:validations.required',
    ]);
  });

  it('an edit may leave the password empty', () => {
    expect(validateUserForm(userFormValues(stored, 'update'), { mode: 'update' })).toEqual([]);
  });
});
