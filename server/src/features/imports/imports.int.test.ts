import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import { createInlineJobQueue, type InlineJobQueue } from '../../platform/jobs/inline-job-queue.test-kit.js';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { importSweepJob } from './imports.job.js';
import { bomCsv, cp1251Csv, outcomes, preview, readXlsx, STUDENT_HEADERS, xlsx } from './imports.test-kit.js';

/** Spreadsheet imports end to end over HTTP (issue 31): files, preview, commit, re-run, cancel. */
let srv: TestServer;
let jobs: InlineJobQueue;
let admin: TestClient;
let manager: TestClient;

beforeAll(async () => {
  jobs = createInlineJobQueue();
  srv = await startTestServer({ jobs });
  admin = await srv.signInAs('Administrator');
  manager = await srv.signInAs('Manager');
});
afterAll(async () => {
  await srv?.close();
});

async function commit(client: TestClient, id: string) {
  const res = await client.post(`/api/imports/${id}/commit`);
  expect(res.status).toBe(202);
  expect(res.body.data).toEqual({ import_id: id, state: 'queued' });
  await jobs.drain();
  return (await client.get(`/api/imports/${id}`)).body.data;
}

const userByEmail = (email: string) =>
  srv
    .knex('users')
    .where({ email })
    .first(
      'id',
      'role_id',
      'firstname',
      'surname',
      'responsible_type_id',
      'password',
      srv.knex.raw(`to_char(birthdate, 'YYYY-MM-DD') AS birthdate`),
    );

const studentsFile = () =>
  cp1251Csv([
    STUDENT_HEADERS,
    [
      'Шевченко',
      'Тарас',
      'imp-taras@school.test',
      '+38 (050) 111-22-33',
      '09.03.2014',
      'син',
      'Шевченко',
      'Ірина',
      '0671234567',
      'imp-iryna@school.test',
      'мама',
    ],
    [
      'Шевченко',
      'Олена',
      'imp-olena@school.test',
      '',
      '1.9.2016',
      'донька',
      'Шевченко',
      'Ірина',
      '',
      'imp-iryna@school.test',
      'мама',
    ],
    ['Коваль', 'Петро', 'IMP-TARAS@school.test', '', '2015-01-01', 'син', '', '', '', '', ''],
    ['', '', 'imp-nobody@school.test', '', '', '', 'Мельник', 'Ганна', '', 'imp-hanna@school.test', 'мама'],
    ['Бондар', '', 'imp-bondar@school.test', '', '31.02.2015', 'син', '', '', '', '', ''],
  ]);

describe('students with parents from a Windows-1251 semicolon CSV', () => {
  let importId: string;

  it('previews row by row in the user’s language without writing anything', async () => {
    const res = await preview(admin, 'students', studentsFile(), 'учні.csv');
    expect(res.status).toBe(200);
    const data = res.body.data;
    importId = data.import_id;
    expect(data.kind).toBe('students');
    expect(data.columns.map((c: { field: string }) => c.field)).toEqual([
      'surname',
      'firstname',
      'email',
      'phone',
      'birthdate',
      'type',
      'parent_surname',
      'parent_firstname',
      'parent_phone',
      'parent_email',
      'parent_type',
    ]);
    expect(outcomes(data.rows)).toEqual({ 2: 'create', 3: 'create', 4: 'error', 5: 'error', 6: 'error' });
    expect(data.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 3 });
    const errors = Object.fromEntries(
      data.rows.map((r: { row: number; errors: object }) => [r.row, r.errors]),
    );
    expect(errors[2]).toEqual({});
    expect(errors[4]._row[0]).toContain('imp-taras@school.test');
    expect(errors[4]._row[0]).toContain('2');
    expect(errors[5]._row[0]).toContain('imp-nobody@school.test');
    expect(Object.keys(errors[6]).sort()).toEqual(['birthdate', 'firstname']);
    expect(data.fields).toContainEqual({ id: 'email', required: true });
    expect(await userByEmail('imp-taras@school.test')).toBeUndefined();
  });

  it('gives the error rows back as .xlsx with an error column', async () => {
    const res = await fetch(`${srv.url}/api/imports/${importId}/errors.xlsx`, {
      headers: {
        Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'Accept-Language': 'uk',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    const sheet = await readXlsx(await res.arrayBuffer());
    expect(sheet[0]).toEqual(['Рядок', ...STUDENT_HEADERS, 'Помилки']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['4', '5', '6']);
    expect(sheet[1]![3]).toBe('IMP-TARAS@school.test');
    expect(sheet[3]!.at(-1)).toBe(
      'Поле «ім’я» обов’язкове для заповнення. Поле «дата народження» не є правильною датою.',
    );
  });

  it('commits the valid rows: students, one shared parent, links, phones; no passwords', async () => {
    const status = await commit(admin, importId);
    expect(status).toMatchObject({
      state: 'done',
      progress: { done: 5, total: 5 },
      counts: { create: 2, error: 3 },
    });
    const taras = await userByEmail('imp-taras@school.test');
    expect(taras).toMatchObject({
      role_id: 4,
      firstname: 'Тарас',
      surname: 'Шевченко',
      birthdate: '2014-03-09',
      responsible_type_id: 3,
      password: null,
    });
    const olena = await userByEmail('imp-olena@school.test');
    expect(olena).toMatchObject({ birthdate: '2016-09-01', responsible_type_id: 4 });
    const iryna = await userByEmail('imp-iryna@school.test');
    expect(iryna).toMatchObject({ role_id: 5, firstname: 'Ірина', responsible_type_id: 1 });
    const links = await srv
      .knex('user_responsibles')
      .where('responsible_id', iryna.id)
      .orderBy('child_id')
      .pluck('child_id');
    expect(links).toEqual([taras.id, olena.id].sort((a, b) => a - b));
    expect(await srv.knex('phones').where('user_id', taras.id).pluck('phone')).toEqual(['380501112233']);
    expect(await srv.knex('phones').where('user_id', iryna.id).pluck('phone')).toEqual(['380671234567']);
    expect(await userByEmail('imp-hanna@school.test')).toBeUndefined();
  });

  it('the same file again changes nothing: every valid row unchanged', async () => {
    const usersBefore = await srv.knex('users').count({ n: '*' }).first();
    const res = await preview(admin, 'students', studentsFile(), 'учні.csv');
    expect(res.body.data.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 3 });
    const status = await commit(admin, res.body.data.import_id);
    expect(status).toMatchObject({ state: 'done', counts: { unchanged: 2 } });
    expect(await srv.knex('users').count({ n: '*' }).first()).toEqual(usersBefore);
  });

  it('a changed cell is an update', async () => {
    const file = cp1251Csv([
      STUDENT_HEADERS,
      ['Шевченко', 'Тарас', 'imp-taras@school.test', '', '10.03.2014', 'син', '', '', '', '', ''],
    ]);
    const res = await preview(admin, 'students', file, 'x.csv');
    expect(outcomes(res.body.data.rows)).toEqual({ 2: 'update' });
    await commit(admin, res.body.data.import_id);
    expect((await userByEmail('imp-taras@school.test')).birthdate).toBe('2014-03-10');
  });
});

describe('teachers from a UTF-8 CSV with a BOM and Russian headers', () => {
  it('creates a Teacher with its teacher data, and 409 on a second commit', async () => {
    const file = bomCsv([
      ['Фамилия', 'Имя', 'Email', 'Телефон', 'Менеджер', 'Приоритет', 'Пол'],
      ['Петренко', 'Анна', 'imp-anna@school.test', '050 765 43 21', 'manager@example.com', '2', 'ж'],
      ['Петренко', 'Іван', 'imp-ivan@school.test', '', 'nobody@school.test', '1', 'ч'],
    ]);
    const res = await preview(manager, 'teachers', file, 'teachers.csv');
    expect(res.status).toBe(200);
    expect(outcomes(res.body.data.rows)).toEqual({ 2: 'create', 3: 'error' });
    expect(Object.keys(res.body.data.rows[1].errors)).toEqual(['manager_email']);
    const id = res.body.data.import_id;
    await commit(manager, id);
    expect((await manager.post(`/api/imports/${id}/commit`)).status).toBe(409);
    const anna = await userByEmail('imp-anna@school.test');
    expect(anna).toMatchObject({ role_id: 3, firstname: 'Анна' });
    const managerId = (await userByEmail('manager@example.com')).id;
    expect(
      await srv.knex('teachers').where('user_id', anna.id).first('manager_id', 'priority', 'sex'),
    ).toEqual({
      manager_id: managerId,
      priority: 2,
      sex: 2,
    });
  });
});

describe('contracts from an .xlsx made here, English headers, a formula cell', () => {
  it('uses the formula’s saved value; an unknown student is a row error', async () => {
    const file = await xlsx([
      ['Contract number', 'Student email', 'End date'],
      [
        { formula: '"IMP-"&"1001"', result: 'IMP-1001' },
        'imp-taras@school.test',
        new Date(Date.UTC(2031, 7, 31)),
      ],
      ['IMP-1002', 'imp-ghost@school.test', '31.08.2031'],
    ]);
    const res = await preview(admin, 'contracts', file, 'contracts.xlsx');
    expect(res.status).toBe(200);
    expect(outcomes(res.body.data.rows)).toEqual({ 2: 'create', 3: 'error' });
    expect(res.body.data.rows[1].errors.student_email[0]).toContain('imp-ghost@school.test');
    await commit(admin, res.body.data.import_id);
    const taras = await userByEmail('imp-taras@school.test');
    const contract = await srv
      .knex('contracts')
      .where({ number: 'IMP-1001' })
      .first(
        'student_id',
        'payer_id',
        srv.knex.raw(`to_char(end_at AT TIME ZONE ?, 'YYYY-MM-DD') AS end_at`, [TIME_ZONE]),
      );
    expect(contract).toEqual({ student_id: taras.id, payer_id: taras.id, end_at: '2031-08-31' });
    const again = await preview(admin, 'contracts', file, 'contracts.xlsx');
    expect(outcomes(again.body.data.rows)).toEqual({ 2: 'unchanged', 3: 'error' });
  });
});

describe('subscriptions with their lesson plan, amounts as "1 234,50"', () => {
  it('records the package and its weekly plan', async () => {
    const type = await srv.knex('study_types').orderBy('id').first('id', 'name');
    const file = cp1251Csv([
      [
        'Ключ',
        'Номер договору',
        'Викладач',
        'Тип занять',
        'Кількість занять',
        'Ціна заняття',
        'Занять на тиждень',
        'Дата початку',
        'Розклад',
        'Тривалість',
      ],
      [
        'IMP-S1',
        'IMP-1001',
        'teacher@example.com',
        type.name,
        '8',
        '1 234,50',
        '2',
        '01.09.2031',
        'пн 10:00, ср 15:30',
        '45',
      ],
      [
        'IMP-S2',
        'IMP-9999',
        'teacher@example.com',
        type.name,
        '8',
        '1234.50',
        '1',
        '01.09.2031',
        'пн 10:00',
        '45',
      ],
    ]);
    const res = await preview(admin, 'subscriptions', file, 'subs.csv');
    expect(res.status).toBe(200);
    expect(outcomes(res.body.data.rows)).toEqual({ 2: 'create', 3: 'error' });
    expect(Object.keys(res.body.data.rows[1].errors)).toEqual(['contract_number']);
    await commit(admin, res.body.data.import_id);
    const sub = await srv
      .knex('subscriptions')
      .where({ import_key: 'IMP-S1' })
      .first('id', 'price_per_study', 'studies_per_week', 'studies_template_type_id');
    expect(sub).toMatchObject({
      price_per_study: 123450,
      studies_per_week: 2,
      studies_template_type_id: type.id,
    });
    const slots = await srv
      .knex('studies_templates')
      .where('subscription_id', sub.id)
      .orderBy('weekday')
      .select('weekday', 'start_time', 'duration');
    expect(slots).toEqual([
      { weekday: 1, start_time: '10:00:00', duration: 45 },
      { weekday: 3, start_time: '15:30:00', duration: 45 },
    ]);
    const again = await preview(admin, 'subscriptions', file, 'subs.csv');
    expect(again.body.data.counts).toMatchObject({ unchanged: 1, create: 0 });
  });
});

describe('column mapping', () => {
  it('an unrecognised header is mapped by hand, and the mapping is remembered', async () => {
    const file = bomCsv([
      ['Surname', 'First name', 'Електронка', 'Type'],
      ['Smith', 'Anna', 'imp-anna-s@school.test', 'daughter'],
    ]);
    const first = await preview(manager, 'students', file, 'a.csv');
    expect(first.body.data.columns).toEqual([
      { header: 'Surname', field: 'surname' },
      { header: 'First name', field: 'firstname' },
      { header: 'Електронка', field: null },
      { header: 'Type', field: 'type' },
    ]);
    expect(first.body.data.rows[0].errors).toHaveProperty('email');
    const mapped = await preview(manager, 'students', file, 'a.csv', { Електронка: 'email', Type: null });
    expect(mapped.body.data.columns[2]).toEqual({ header: 'Електронка', field: 'email' });
    expect(mapped.body.data.columns[3]).toEqual({ header: 'Type', field: null });
    expect(Object.keys(mapped.body.data.rows[0].errors)).toEqual(['type']);
    const remembered = await preview(manager, 'students', file, 'a.csv');
    expect(remembered.body.data.columns[2]).toEqual({ header: 'Електронка', field: 'email' });
    // Someone else's remembered mapping is theirs alone.
    const other = await preview(admin, 'students', file, 'a.csv');
    expect(other.body.data.columns[2].field).toBeNull();
    const bad = await preview(manager, 'students', file, 'a.csv', { Електронка: 'salary' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('mapping');
  });
});

describe('cancel', () => {
  it('a queued import is cancelled and never runs', async () => {
    const file = bomCsv([
      ['Email', "Ім'я", 'Тип'],
      ['imp-queued@school.test', 'Q', 'син'],
    ]);
    const id = (await preview(admin, 'students', file, 'q.csv')).body.data.import_id;
    expect((await admin.post(`/api/imports/${id}/commit`)).status).toBe(202);
    const res = await admin.post(`/api/imports/${id}/cancel`);
    expect(res.body.data).toEqual({ import_id: id, state: 'cancelled' });
    await jobs.drain();
    expect((await admin.get(`/api/imports/${id}`)).body.data.state).toBe('cancelled');
    expect(await userByEmail('imp-queued@school.test')).toBeUndefined();
    expect((await admin.post(`/api/imports/${id}/cancel`)).status).toBe(409);
  });

  it('a running import rolls back: the database is as it was', async () => {
    const file = bomCsv([
      ['Email', "Ім'я", 'Тип'],
      ['imp-run1@school.test', 'R', 'син'],
      ['imp-run2@school.test', 'S', 'донька'],
    ]);
    const id = (await preview(admin, 'students', file, 'r.csv')).body.data.import_id;
    expect((await admin.post(`/api/imports/${id}/commit`)).status).toBe(202);
    // The test holds the users table so the job stops inside its first batch, mid-transaction.
    const hold = await srv.knex.transaction();
    await hold.raw('LOCK TABLE users IN SHARE MODE');
    const run = jobs.drain();
    for (;;) {
      const waiting = await srv.knex.raw(
        `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'users'::regclass`,
      );
      if (waiting.rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await admin.get(`/api/imports/${id}`)).body.data.state).toBe('running');
    expect((await admin.post(`/api/imports/${id}/cancel`)).body.data.state).toBe('running');
    await hold.rollback();
    await run;
    expect((await admin.get(`/api/imports/${id}`)).body.data.state).toBe('cancelled');
    expect(await userByEmail('imp-run1@school.test')).toBeUndefined();
  });
});

describe('bad input and who may', () => {
  it('refuses what is not a spreadsheet, a missing file and a file over 50 MB', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const notSheet = await preview(admin, 'students', png, 'photo.xlsx');
    expect(notSheet.status).toBe(422);
    expect(notSheet.body.errors.file[0]).toBe('Це не таблиця: завантажте файл .xlsx або .csv.');
    const brokenZip = await preview(admin, 'students', Buffer.from('PK\u0003\u0004garbage'), 'x.xlsx');
    expect(brokenZip.status).toBe(422);
    const none = await admin.post('/api/imports/students/preview', new FormData());
    expect(none.status).toBe(422);
    expect(none.body.errors).toHaveProperty('file');
    const huge = await preview(admin, 'students', Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), 'big.csv');
    expect(huge.status).toBe(413);
    expect((await preview(admin, 'payments', bomCsv([['a']]), 'a.csv')).status).toBe(404);
  });

  it('403 for a Teacher; another Manager’s import is not found; the Administrator sees it', async () => {
    const teacher = await srv.signInAs('Teacher');
    expect((await preview(teacher, 'students', bomCsv([['Email']]), 'a.csv')).status).toBe(403);
    const id = (await preview(admin, 'students', bomCsv([['Email'], ['x@y.z']]), 'a.csv')).body.data
      .import_id;
    expect((await teacher.get(`/api/imports/${id}`)).status).toBe(403);
    expect((await manager.get(`/api/imports/${id}`)).status).toBe(404);
    expect((await manager.post(`/api/imports/${id}/commit`)).status).toBe(404);
    const mine = (await preview(manager, 'students', bomCsv([['Email'], ['x@y.z']]), 'a.csv')).body.data
      .import_id;
    expect((await admin.get(`/api/imports/${mine}`)).body.data).toMatchObject({
      state: 'previewed',
      kind: 'students',
    });
  });
});

describe('the user’s language', () => {
  it('row errors come in Russian and English as asked', async () => {
    const file = bomCsv([
      ['Email', 'Имя', 'Тип'],
      ['imp-lang@school.test', '', 'сын'],
    ]);
    const ru = await srv.signInAs('Administrator', 'ru');
    expect((await preview(ru, 'students', file, 'a.csv')).body.data.rows[0].errors.firstname[0]).toMatch(
      /обязательно/,
    );
    const en = await srv.signInAs('Administrator', 'en');
    expect((await preview(en, 'students', file, 'a.csv')).body.data.rows[0].errors.firstname[0]).toMatch(
      /required/,
    );
  });
});

describe('sweep', () => {
  it('imports older than 7 days go with their cells; newer ones stay', async () => {
    const fresh = (await preview(admin, 'students', bomCsv([['Email'], ['x@y.z']]), 'a.csv')).body.data
      .import_id;
    const old = (await preview(admin, 'students', bomCsv([['Email'], ['x@y.z']]), 'a.csv')).body.data
      .import_id;
    await srv
      .knex('imports')
      .where({ id: old })
      .update({ created_at: srv.knex.raw(`now() - interval '8 days'`) });
    await jobs.fireSchedule(importSweepJob);
    await jobs.drain();
    expect((await admin.get(`/api/imports/${old}`)).status).toBe(404);
    expect((await admin.get(`/api/imports/${fresh}`)).status).toBe(200);
  });
});
