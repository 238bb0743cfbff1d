import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.test-kit.js';
import { seedCatalogue } from '../db/seeds/catalogue.seed.js';
import { hashPassword, newToken, sha256 } from '../platform/security/secrets.js';
import { createStorage, type Storage } from '../platform/storage/storage.js';
import { samplePdf } from '../features/document-generators/sample-files.test-kit.js';
import { ROLE_ID, SIGNED_IN, type Relation, type Role, type SignedInRole } from './authz-spec.test-kit.js';
import { TIME_ZONE } from '@school/shared/domain';

/**
 * The school of the authorization drill: two families (parent A with student A, parent B with
 * student B), two teachers (teacher A with the methodologist, teacher B), the staff, a Lead and a
 * Guest. Each family has a lesson and everything that hangs off it (report, homework file, chat
 * message, recording, evaluation, date change, contract, package, invoice, the teacher's
 * schedule), a lesson in progress, and student A shares a group lesson with student B. Built on the
 * empty template (catalogue only), so every relation between people is known here.
 */

export const DRILL_PASSWORD = 'drill-pass-2026';
export const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Person = 'admin' | 'manager' | 't1' | 't2' | 'm' | 'ra' | 'sa' | 'rb' | 'sb' | 'lead' | 'guest';

/** The main account of each role. */
const ROLE_PERSON: Readonly<Record<SignedInRole, Person>> = {
  Administrator: 'admin',
  Manager: 'manager',
  Teacher: 't1',
  Methodologist: 'm',
  Student: 'sa',
  Responsible: 'ra',
  Lead: 'lead',
  Guest: 'guest',
};

export interface Side {
  teacher: number;
  child: number;
  parent: number;
  teacherProfile: number;
  schedule: number;
  study: number;
  studyStart: number;
  nowStudy: number;
  report: number;
  task: number;
  message: number;
  recording: number;
  evaluation: number;
  dateChange: number;
  contract: number;
  subscription: number;
  invoice: number;
}

export interface Participant {
  user: number;
  role: number;
}

/** What the kit inserted, to say how any row stands to any caller (spec terms, authz-spec). */
export class Facts {
  readonly studies = new Map<number, Participant[]>();
  readonly children = new Map<number, number[]>();
  readonly managerOf = new Map<number, number>();
  readonly roleOf = new Map<number, number>();

  childrenOf(user: number | null): number[] {
    return user === null ? [] : (this.children.get(user) ?? []);
  }

  /** The studies `user` takes part in, as one of `roles` (any role when absent). */
  private studiesOf(user: number, roles?: readonly number[]): Participant[][] {
    return [...this.studies.values()].filter((ps) =>
      ps.some((p) => p.user === user && (!roles || roles.includes(p.role))),
    );
  }

  toUser(caller: number | null, target: number): Set<Relation> {
    const out = new Set<Relation>();
    if (this.roleOf.get(target) === ROLE_ID.Administrator) out.add('administratorAccount');
    if (caller === null) return out;
    const kids = this.childrenOf(caller);
    const inStudy = (ps: Participant[], u: number) => ps.some((p) => p.user === u);
    const lesson = [ROLE_ID.Student, ROLE_ID.Teacher, ROLE_ID.Methodologist];
    const teaching = [ROLE_ID.Teacher, ROLE_ID.Methodologist];
    if (target === caller) out.add('self');
    if (kids.includes(target)) out.add('child');
    if (this.studiesOf(target, lesson).some((ps) => inStudy(ps, caller))) out.add('peer');
    const taught = this.studiesOf(target, teaching);
    if (taught.some((ps) => inStudy(ps, caller))) out.add('myTeacher');
    if (taught.some((ps) => kids.some((k) => inStudy(ps, k)))) out.add('childTeacher');
    if (
      this.studiesOf(caller, teaching).some((ps) =>
        ps.some((p) => p.user === target && p.role === ROLE_ID.Student),
      )
    )
      out.add('myStudent');
    if (this.managerOf.get(caller) === target) out.add('myManager');
    return out;
  }

  /** A row of a study (the study itself, its report, homework, message, recording, date change). */
  toStudyRow(caller: number | null, row: { study: number; about?: number; author?: number }): Set<Relation> {
    const out = new Set<Relation>();
    if (caller === null) return out;
    const users = (this.studies.get(row.study) ?? []).map((p) => p.user);
    const kids = this.childrenOf(caller);
    if (users.includes(caller)) out.add('participant');
    if (users.some((u) => kids.includes(u))) out.add('childParticipant');
    if (row.about !== undefined && row.about === caller) out.add('about');
    if (row.about !== undefined && kids.includes(row.about)) out.add('aboutChild');
    if (row.author !== undefined && row.author === caller) out.add('author');
    return out;
  }

  /** A contract, package or invoice: about its student. */
  toMoneyRow(caller: number | null, student: number): Set<Relation> {
    const out = new Set<Relation>();
    if (caller === student) out.add('about');
    if (this.childrenOf(caller).includes(student)) out.add('aboutChild');
    return out;
  }
}

export interface School {
  srv: TestServer;
  knex: Knex;
  dataDir: string;
  storage: Storage;
  facts: Facts;
  people: Readonly<Record<Person, number>>;
  userOf: Readonly<Record<SignedInRole, number>>;
  clients: Readonly<Record<Role, TestClient>>;
  A: Side;
  B: Side;
  group: { study: number; reportA: number; reportB: number; taskA: number; taskB: number; message: number };
  /** Schedule and teacher profile ids by teacher user id (teachers A, B and the methodologist). */
  scheduleOf: Readonly<Record<number, number>>;
  profileOf: Readonly<Record<number, number>>;
  passwordHash: string;
  /** A session of its own for `user` (SQL, like sign-in leaves it), so a sign-out or switch touches nothing else. */
  sessionOf(user: number): Promise<TestClient>;
  close(): Promise<void>;
}

/** Builds the school on its own server (socket.io on, bots and the upload service configured). */
export async function startSchool(): Promise<School> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'authz-drill-'));
  const srv = await startTestServer({
    seed: false,
    realtime: true,
    env: {
      DATA_DIR: dataDir,
      UPLOADER_JWT_SECRET: 'drill-uploader-secret-0123456789abcdef',
      TELEGRAM_BOT_TOKEN: '123456:drill',
      TELEGRAM_WEBHOOK_SECRET: 'drill-telegram-secret',
      VIBER_AUTH_TOKEN: 'drill-viber-token',
      // Nothing listens there: no call leaves the machine.
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
      VIBER_API_URL: 'http://127.0.0.1:9',
      EXCHANGE_RATE_URL: 'http://127.0.0.1:9/exchange',
      // LiqPay's checkout is made locally (no call); its status API would be the only call out.
      LIQPAY_PUBLIC_KEY: 'drill-liqpay-public',
      LIQPAY_PRIVATE_KEY: 'drill-liqpay-private',
      LIQPAY_API_URL: 'http://127.0.0.1:9',
      PAYMENTS_RECONCILE: '0',
    },
  });
  const knex = srv.knex;
  const storage = createStorage(srv.config);
  const facts = new Facts();
  const passwordHash = await hashPassword(DRILL_PASSWORD);
  await seedCatalogue(knex);

  const addUser = async (person: Person | string, role: number, name: [string, string, string]) => {
    const [row] = await knex('users')
      .insert({
        role_id: role,
        surname: name[0],
        firstname: name[1],
        patronymic: name[2],
        email: `${person}@drill.example.com`,
        password: passwordHash,
        active: true,
        source_id: 1,
      })
      .returning('id');
    facts.roleOf.set(row.id, role);
    return row.id as number;
  };
  // Id 1 is the protected administrator: first.
  const people = {
    admin: await addUser('admin', ROLE_ID.Administrator, ['Адмін', 'Олена', 'Петрівна']),
    manager: await addUser('manager', ROLE_ID.Manager, ['Менеджер', 'Ірина', 'Василівна']),
    t1: await addUser('t1', ROLE_ID.Teacher, ['Шевчук', 'Тарас', 'Іванович']),
    t2: await addUser('t2', ROLE_ID.Teacher, ['Коваль', 'Марія', 'Олегівна']),
    m: await addUser('m', ROLE_ID.Methodologist, ['Гончаренко', 'Наталія', 'Миколаївна']),
    ra: await addUser('ra', ROLE_ID.Responsible, ['Мельник', 'Андрій', 'Петрович']),
    sa: await addUser('sa', ROLE_ID.Student, ['Мельник', 'Олег', 'Андрійович']),
    rb: await addUser('rb', ROLE_ID.Responsible, ['Бондар', 'Світлана', 'Ігорівна']),
    sb: await addUser('sb', ROLE_ID.Student, ['Бондар', 'Ілля', 'Вікторович']),
    lead: await addUser('lead', ROLE_ID.Lead, ['Лід', 'Роман', 'Романович']),
    guest: await addUser('guest', ROLE_ID.Guest, ['Гість', 'Петро', 'Петрович']),
  };
  await knex('user_responsibles').insert([
    { responsible_id: people.ra, child_id: people.sa },
    { responsible_id: people.rb, child_id: people.sb },
  ]);
  facts.children.set(people.ra, [people.sa]);
  facts.children.set(people.rb, [people.sb]);
  // A connected bot, so a reminder has somewhere to go.
  await knex('users')
    .whereIn('id', [people.sa, people.sb])
    .update({ telegram_id: knex.raw("'chat-' || id") });
  const profiles: Record<number, number> = {};
  for (const t of [people.t1, people.t2, people.m]) {
    const [row] = await knex('teachers')
      .insert({ user_id: t, manager_id: people.manager, priority: 1, sex: 1 })
      .returning('id');
    profiles[t] = row.id;
    facts.managerOf.set(t, people.manager);
  }
  const schedules: Record<number, number> = {};
  for (const t of [people.t1, people.t2, people.m]) {
    const [row] = await knex('schedules')
      .insert({
        user_id: t,
        start_at: new Date(Date.now() - 30 * DAY),
        end_at: null,
        created_by: people.admin,
      })
      .returning('id');
    schedules[t] = row.id;
    await knex('workperiods').insert(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        schedule_id: row.id,
        weekday,
        start_time: '00:00:00',
        duration: 1439,
      })),
    );
  }
  await knex('feature_flags').where({ name: 'recordings_uploader_enabled' }).update({ enabled: true });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  await knex('exchange_rates').insert({
    currency: 'EUR',
    rate_date: today,
    rate: 45.5,
    provider_date: today,
  });

  const putFile = async (key: string, bytes: Buffer, contentType: string) => {
    await storage.put(key, Readable.from(bytes), { contentType });
    return key;
  };
  const hourStart = Math.ceil(Date.now() / HOUR) * HOUR;
  const addStudy = async (
    start: number,
    participants: Participant[],
    subscription?: { user: number; id: number },
  ) => {
    const [row] = await knex('studies')
      .insert({ start: new Date(start), end: new Date(start + HOUR), type_id: 1, created_by: people.admin })
      .returning('id');
    await knex('study_user').insert(
      participants.map((p) => ({
        study_id: row.id,
        user_id: p.user,
        subscription_id: subscription?.user === p.user ? subscription.id : null,
      })),
    );
    facts.studies.set(row.id, participants);
    return row.id as number;
  };
  const T = ROLE_ID.Teacher;
  const M = ROLE_ID.Methodologist;
  const S = ROLE_ID.Student;

  async function side(
    key: 'a' | 'b',
    teacher: number,
    child: number,
    parent: number,
    others: Participant[],
    at: number,
  ): Promise<Side> {
    const [contract] = await knex('contracts')
      .insert({
        student_id: child,
        payer_id: parent,
        template_id: 42,
        invoice_template_id: 3,
        end_at: new Date(Date.now() + 200 * DAY),
        created_by: people.manager,
      })
      .returning('id');
    await knex('contracts')
      .where({ id: contract.id })
      .update({
        document_file: await putFile(
          `contract-documents/drill-${key}.pdf`,
          samplePdf(`contract ${key}`),
          'application/pdf',
        ),
        document_name: `contract-${key}.pdf`,
      });
    const [sub] = await knex('subscriptions')
      .insert({
        contract_id: contract.id,
        price_per_study: 30000,
        studies_per_week: 1,
        studies_template_type_id: 1,
        created_by: people.manager,
      })
      .returning('id');
    await knex('studies_templates').insert({
      subscription_id: sub.id,
      weekday: 1,
      start_time: '10:00:00',
      duration: 60,
    });
    const [invoice] = await knex('invoices')
      .insert({
        subscription_id: sub.id,
        contract_id: contract.id,
        amount: 60000,
        template_id: 1,
        created_by: people.manager,
      })
      .returning('id');
    await knex('invoice_attachments').insert({
      invoice_id: invoice.id,
      file_name: `invoice-${key}.pdf`,
      file_mime: 'application/pdf',
      file_size: samplePdf(key).length,
      storage_key: await putFile(`invoice-attachments/drill-${key}.pdf`, samplePdf(key), 'application/pdf'),
      created_by: people.manager,
    });
    const participants = [{ user: teacher, role: T }, ...others, { user: child, role: S }];
    const study = await addStudy(at, participants, { user: child, id: sub.id });
    // In progress: the notify button's moment.
    const nowStudy = await addStudy(Date.now() - 10 * 60_000, participants);
    const [report] = await knex('study_reports')
      .insert({
        study_id: study,
        user_id: child,
        created_by: teacher,
        subject: 'Урок фіксований',
        content: `Звіт ${key}`.padEnd(180, '.'),
      })
      .returning('id');
    const task = await insertTask(study, child, teacher, key);
    const [message] = await knex('study_messages')
      .insert({ study_id: study, user_id: child, content: `Повідомлення ${key}` })
      .returning('id');
    const bytes = Buffer.alloc(4096, 7);
    const [recording] = await knex('recordings')
      .insert({
        study_id: study,
        part: 1,
        file_name: `lesson-${key}.mp4`,
        file_mime: 'video/mp4',
        file_size: bytes.length,
        storage_key: await putFile(`recordings/drill-${key}.mp4`, bytes, 'video/mp4'),
        created_by: teacher,
      })
      .returning('id');
    const [evaluation] = await knex('evaluations')
      .insert({ study_id: study, score: 7, report: `Оцінка ${key}` })
      .returning('id');
    const [dateChange] = await knex('study_date_changes')
      .insert({
        study_id: study,
        start_old: new Date(at - DAY),
        start_new: new Date(at),
        initiated_by: 1,
        changed_by: people.manager,
        change_comment: 'внутрішнє',
        show_in_history: true,
      })
      .returning('id');
    return {
      teacher,
      child,
      parent,
      teacherProfile: profiles[teacher]!,
      schedule: schedules[teacher]!,
      study,
      studyStart: at,
      nowStudy,
      report: report.id,
      task,
      message: message.id,
      recording: recording.id,
      evaluation: evaluation.id,
      dateChange: dateChange.id,
      contract: contract.id,
      subscription: sub.id,
      invoice: invoice.id,
    };
  }

  async function insertTask(study: number, about: number, creator: number, key: string): Promise<number> {
    const bytes = samplePdf(`homework ${key}`);
    const [row] = await knex('study_tasks')
      .insert({
        study_id: study,
        user_id: about,
        creator_id: creator,
        file_name: `homework-${key}.pdf`,
        file_mime: 'application/pdf',
        file_size: bytes.length,
        storage_key: await putFile(`homework/drill-${key}-${newToken()}`, bytes, 'application/pdf'),
      })
      .returning('id');
    return row.id as number;
  }

  const A = await side(
    'a',
    people.t1,
    people.sa,
    people.ra,
    [{ user: people.m, role: M }],
    hourStart + 3 * DAY,
  );
  const B = await side('b', people.t2, people.sb, people.rb, [], hourStart + 3 * DAY + 2 * HOUR);
  const groupStudy = await addStudy(hourStart + 4 * DAY, [
    { user: people.t1, role: T },
    { user: people.sa, role: S },
    { user: people.sb, role: S },
  ]);
  // Each child is on their own family's package here too: a classmate's package id is something
  // an answer to the other family could leak (issue 27, point 1).
  for (const side of [A, B])
    await knex('study_user')
      .where({ study_id: groupStudy, user_id: side.child })
      .update({ subscription_id: side.subscription });
  const groupReport = async (about: number) =>
    (
      await knex('study_reports')
        .insert({
          study_id: groupStudy,
          user_id: about,
          created_by: people.t1,
          subject: 'Груповий урок',
          content: 'Звіт групи'.padEnd(180, '.'),
        })
        .returning('id')
    )[0].id as number;
  const group = {
    study: groupStudy,
    reportA: await groupReport(people.sa),
    reportB: await groupReport(people.sb),
    taskA: await insertTask(groupStudy, people.sa, people.t1, 'ga'),
    taskB: await insertTask(groupStudy, people.sb, people.t1, 'gb'),
    message: (
      await knex('study_messages')
        .insert({ study_id: groupStudy, user_id: people.sb, content: 'Від однокласника' })
        .returning('id')
    )[0].id as number,
  };

  const sessionOf = async (user: number) => {
    const token = newToken();
    await knex('sessions').insert({
      id: sha256(token),
      user_id: user,
      remember: false,
      expires_at: new Date(Date.now() + DAY),
      ip: '127.0.0.1',
      user_agent: 'authz-drill',
    });
    const c = srv.client();
    c.cookies.set('school_session', token);
    return c;
  };
  const userOf = Object.fromEntries(SIGNED_IN.map((r) => [r, people[ROLE_PERSON[r]]])) as Record<
    SignedInRole,
    number
  >;
  const clients = { SignedOut: srv.client() } as Record<Role, TestClient>;
  await Promise.all(
    SIGNED_IN.map(async (role) => {
      const c = srv.client();
      const res = await c.post('/login', {
        email: `${ROLE_PERSON[role]}@drill.example.com`,
        password: DRILL_PASSWORD,
      });
      if (res.status !== 200) throw new Error(`sign-in as ${role}: ${res.status} ${res.text}`);
      clients[role] = c;
    }),
  );
  return {
    srv,
    knex,
    dataDir,
    storage,
    facts,
    people,
    userOf,
    clients,
    A,
    B,
    group,
    scheduleOf: schedules,
    profileOf: profiles,
    passwordHash,
    sessionOf,
    async close() {
      await srv.close();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}
