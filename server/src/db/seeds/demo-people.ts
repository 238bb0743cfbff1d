import type { DateTime } from 'luxon';
import type { Rng } from './prng.js';
import {
  femaleFirstnames,
  maleFirstnames,
  patronymics,
  surnames,
  type PersonName,
  type Sex,
} from './uk-names.js';
import {
  languages,
  studyDurations,
  studyTypes,
  teachingFormats,
  teachingPrograms,
  teachingStyles,
} from './catalogue.seed.js';

/** Builds the people of the demo school in memory, with explicit ids (inserted as given). */

export const ROLE = {
  admin: 1,
  manager: 2,
  teacher: 3,
  student: 4,
  responsible: 5,
  lead: 6,
  methodologist: 7,
  guest: 8,
} as const;

export interface UserRow {
  id: number;
  role_id: number;
  firstname: string;
  surname: string;
  patronymic: string;
  email: string | null;
  password: string | null;
  source_id: number;
  responsible_type_id: number | null;
  active: boolean;
  zoom: string | null;
  googlemeet: string | null;
  birthdate: string | null;
  viber_id: string | null;
  telegram_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface Student {
  id: number;
  classNumber: number;
  parentIds: number[];
  sex: Sex;
}

export interface People {
  users: UserRow[];
  adminId: number;
  managerIds: number[];
  /** Teaching staff (teachers and the methodologist); index 0 is teacher@example.com. */
  teacherIds: number[];
  methodologistId: number;
  /** Index 0 is student@example.com, index 1 its sibling (both children of parent@example.com). */
  students: Student[];
  leadIds: number[];
  phones: Array<{ user_id: number; phone: string; type_id: number }>;
  responsibles: Array<{ child_id: number; responsible_id: number }>;
  classes: Array<{ user_id: number; classification_id: number }>;
  userLanguages: Array<{ user_id: number; language_id: number }>;
  teachers: Array<{ id: number; user_id: number; manager_id: number; priority: number; sex: Sex }>;
  teacherPivots: Record<string, Array<Record<string, number>>>;
}

const mobileCodes = ['50', '63', '66', '67', '68', '73', '93', '95', '96', '97', '98', '99'];

export function buildPeople(rng: Rng, now: DateTime, passwordHash: string): People {
  const users: UserRow[] = [];
  const phones: People['phones'] = [];
  const iso = (d: DateTime) => d.toISODate();

  const randomName = (sex: Sex, surname?: string): PersonName => ({
    sex,
    firstname: rng.pick(sex === 1 ? maleFirstnames : femaleFirstnames),
    surname: surname ?? rng.pick(surnames),
    patronymic: rng.pick(patronymics)[sex - 1],
  });
  const phone = () => `380${rng.pick(mobileCodes)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;

  const add = (
    role: number,
    name: PersonName,
    extra: Partial<UserRow> & { ageYears?: [number, number] } = {},
  ): number => {
    const id = users.length + 1;
    const { ageYears, ...rest } = extra;
    const created = now.minus({ days: rng.int(120, 400) }).toJSDate();
    users.push({
      id,
      role_id: role,
      firstname: name.firstname,
      surname: name.surname,
      patronymic: name.patronymic,
      email: null,
      password: null,
      source_id: rng.pick([1, 2, 3, 4, 5, 6]),
      responsible_type_id: null,
      active: true,
      zoom: null,
      googlemeet: null,
      birthdate: ageYears
        ? iso(now.minus({ years: rng.int(ageYears[0], ageYears[1]), days: rng.int(0, 364) }))
        : null,
      viber_id: null,
      telegram_id: null,
      created_at: created,
      updated_at: created,
      ...rest,
    });
    if (role !== ROLE.admin) phones.push({ user_id: id, phone: phone(), type_id: 1 });
    if (rng.chance(0.15)) phones.push({ user_id: id, phone: phone(), type_id: rng.pick([2, 3]) });
    return id;
  };
  const staff = (email: string) => ({ email, password: passwordHash });

  // Id 1 is protected by the API: the administrator must be first.
  const adminId = add(
    ROLE.admin,
    { firstname: 'Олена', surname: 'Коваленко', patronymic: 'Петрівна', sex: 2 },
    staff('admin@example.com'),
  );
  const managerIds = [
    add(
      ROLE.manager,
      { firstname: 'Ірина', surname: 'Бондаренко', patronymic: 'Василівна', sex: 2 },
      staff('manager@example.com'),
    ),
    add(ROLE.manager, randomName(1), staff('manager.2@example.com')),
  ];

  const meeting = () => ({
    zoom: `https://zoom.us/j/${rng.int(1_000_000_000, 9_999_999_999)}`,
    googlemeet: rng.chance(0.5)
      ? `https://meet.google.com/${code(rng, 3)}-${code(rng, 4)}-${code(rng, 3)}`
      : null,
  });
  const teacherIds = [
    add(
      ROLE.teacher,
      { firstname: 'Тарас', surname: 'Шевчук', patronymic: 'Іванович', sex: 1 },
      {
        ...staff('teacher@example.com'),
        ...meeting(),
        ageYears: [28, 45],
      },
    ),
  ];
  const teacherSex = new Map<number, Sex>([[teacherIds[0], 1]]);
  for (let i = 2; i <= 9; i++) {
    const sex: Sex = rng.chance(0.7) ? 2 : 1;
    const id = add(ROLE.teacher, randomName(sex), {
      ...staff(`teacher.${i}@example.com`),
      ...meeting(),
      ageYears: [23, 58],
    });
    teacherIds.push(id);
    teacherSex.set(id, sex);
  }
  const methodologistId = add(
    ROLE.methodologist,
    { firstname: 'Наталія', surname: 'Гончаренко', patronymic: 'Миколаївна', sex: 2 },
    {
      ...staff('methodologist@example.com'),
      ...meeting(),
      ageYears: [35, 55],
    },
  );
  teacherIds.push(methodologistId);
  teacherSex.set(methodologistId, 2);

  // Families: parent@example.com has two children (the first is student@example.com).
  const students: Student[] = [];
  const responsibles: People['responsibles'] = [];
  const addChild = (sex: Sex, surname: string, parentIds: number[], email: string | null) => {
    const classNumber = rng.int(1, 11);
    const id = add(ROLE.student, randomName(sex, surname), {
      email,
      password: email ? passwordHash : null,
      responsible_type_id: sex === 1 ? 3 : 4,
      ageYears: [classNumber + 6, classNumber + 6],
    });
    students.push({ id, classNumber, parentIds, sex });
    for (const p of parentIds) responsibles.push({ child_id: id, responsible_id: p });
    return id;
  };
  const addParent = (
    sex: Sex,
    surname: string,
    email: string | null,
    name?: Omit<PersonName, 'surname' | 'sex'>,
  ) =>
    add(ROLE.responsible, name ? { ...name, surname, sex } : randomName(sex, surname), {
      email,
      password: email ? passwordHash : null,
      responsible_type_id: sex === 2 ? 1 : 2,
      ageYears: [30, 52],
    });

  const demoMom = addParent(2, 'Мельник', 'parent@example.com', {
    firstname: 'Оксана',
    patronymic: 'Андріївна',
  });
  addChild(1, 'Мельник', [demoMom], 'student@example.com');
  addChild(2, 'Мельник', [demoMom], null);

  let parentNo = 2;
  let studentNo = 2;
  while (students.length < 40) {
    const surname = rng.pick(surnames);
    const parents = [addParent(rng.chance(0.8) ? 2 : 1, surname, `parent.${parentNo++}@example.com`)];
    if (rng.chance(0.15)) parents.push(addParent(1, surname, null));
    const kids = rng.chance(0.2) ? 2 : 1;
    for (let k = 0; k < kids && students.length < 40; k++) {
      studentNo++;
      addChild(
        rng.chance(0.5) ? 1 : 2,
        surname,
        parents,
        rng.chance(0.6) ? `student.${studentNo}@example.com` : null,
      );
    }
  }
  // Two inactive students (left the school) make the active filter meaningful.
  for (const s of students.slice(-2)) users[s.id - 1].active = false;

  const leadIds = [
    add(ROLE.lead, randomName(2), { source_id: 3 }),
    add(ROLE.lead, randomName(1), { source_id: 6 }),
  ];

  const classes: People['classes'] = students.map((s) => ({
    user_id: s.id,
    classification_id: s.classNumber,
  }));
  const userLanguages: People['userLanguages'] = students.map((s) => ({
    user_id: s.id,
    language_id: rng.chance(0.85) ? 1 : 2,
  }));

  const teachers: People['teachers'] = [];
  const teacherPivots: People['teacherPivots'] = {
    teacher_teaching_format: [],
    teacher_teaching_program: [],
    teacher_teaching_style: [],
    teacher_study_type: [],
    teacher_study_duration: [],
  };
  teacherIds.forEach((userId, i) => {
    const teacherId = i + 1;
    teachers.push({
      id: teacherId,
      user_id: userId,
      manager_id: managerIds[i % managerIds.length],
      priority: i === 0 ? 1 : rng.pick([0, 1, 2, 2, 3, 3, 99]),
      sex: teacherSex.get(userId) ?? (0 as Sex),
    });
    const from = rng.int(1, 6);
    for (let c = from; c <= Math.min(11, from + rng.int(2, 6)); c++)
      classes.push({ user_id: userId, classification_id: c });
    for (const [langId] of rng.sample(languages, rng.int(1, 3)))
      userLanguages.push({ user_id: userId, language_id: langId });
    if (!userLanguages.some((l) => l.user_id === userId && l.language_id === 1))
      userLanguages.push({ user_id: userId, language_id: 1 });
    const pivot = (table: string, column: string, ids: number[]) => {
      for (const id of ids) teacherPivots[table].push({ teacher_id: teacherId, [column]: id });
    };
    pivot(
      'teacher_teaching_format',
      'teaching_format_id',
      rng.sample(teachingFormats, rng.int(1, 2)).map(([id]) => id),
    );
    pivot(
      'teacher_teaching_program',
      'teaching_program_id',
      rng.sample(teachingPrograms, rng.int(1, 3)).map(([id]) => id),
    );
    pivot(
      'teacher_teaching_style',
      'teaching_style_id',
      rng.sample(teachingStyles, rng.int(1, 2)).map(([id]) => id),
    );
    pivot('teacher_study_type', 'study_type_id', [
      1,
      ...rng.sample(studyTypes.slice(1, 5), rng.int(1, 3)).map(([id]) => id),
    ]);
    pivot(
      'teacher_study_duration',
      'study_duration_id',
      [3, ...rng.sample([1, 2, 4], rng.int(0, 2))].map((d) => studyDurations[d - 1][0]),
    );
  });

  return {
    users,
    adminId,
    managerIds,
    teacherIds,
    methodologistId,
    students,
    leadIds,
    phones,
    responsibles,
    classes,
    userLanguages,
    teachers,
    teacherPivots,
  };
}

function code(rng: Rng, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(97 + rng.int(0, 25));
  return s;
}
