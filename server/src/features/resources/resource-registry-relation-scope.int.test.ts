import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from './resource-test-kit.js';

/**
 * Issue 10, point 1: a relation filter sees exactly the related rows loading the relation shows.
 * A parent whose child shares a group lesson with a classmate could test the classmate's hidden
 * report, name, birthdate, homework and the classmate family's payer and invoices one yes/no query
 * at a time (`[{"id":S}]` or `[]`): withFilter / withHaving skipped the row scope of every hop.
 */
let kit: Kit;
let study: number;
let child: number;
let classmate: number;
let subscription: number;

const SECRET_REPORT = 'Таємний-звіт про однокласника';
const CLASSMATE_NAME = 'Таємничка';
const CLASSMATE_BIRTHDATE = '2012-02-29';
const HOMEWORK_FILE = 'таємне-домашнє.pdf';
const PAYER_SURNAME = 'Платниченко';
const AMOUNT = 987_654;

beforeAll(async () => {
  kit = await startKit();
  const k = kit.srv.knex;
  child = kit.ids.children[0];
  // A classmate from another family whose contract has a package with invoices.
  const family = await k('contracts as c')
    .join('subscriptions as s', 's.contract_id', 'c.id')
    .join('invoices as i', 'i.subscription_id', 's.id')
    .whereNotIn('c.student_id', kit.ids.children)
    .orderBy('c.id')
    .first('c.student_id', 'c.payer_id', 's.id as subscription_id', 'i.id as invoice_id');
  classmate = family.student_id;
  subscription = family.subscription_id;
  await k('users').where('id', classmate).update({ firstname: CLASSMATE_NAME, birthdate: CLASSMATE_BIRTHDATE });
  await k('users').where('id', family.payer_id).update({ surname: PAYER_SURNAME });
  await k('invoices').where('id', family.invoice_id).update({ amount: AMOUNT });

  // The group lesson: the teacher, the parent's child, the classmate on the classmate's package.
  const [s] = await k('studies')
    .insert({ start: '2031-03-03T08:00:00Z', end: '2031-03-03T09:00:00Z', created_by: kit.ids.teacher })
    .returning('id');
  study = s.id;
  await k('study_user').insert([
    { study_id: study, user_id: kit.ids.teacher },
    { study_id: study, user_id: child },
    { study_id: study, user_id: classmate, subscription_id: subscription },
  ]);
  await k('study_reports').insert({ study_id: study, user_id: classmate, created_by: kit.ids.teacher, subject: 'Урок', content: SECRET_REPORT });
  await k('study_tasks').insert({
    study_id: study,
    user_id: classmate,
    creator_id: kit.ids.teacher,
    file_name: HOMEWORK_FILE,
    file_mime: 'application/pdf',
    storage_key: 'spec/classmate-homework.pdf',
  });
}, 60_000);
afterAll(() => kit.srv.close());

const enc = encodeURIComponent;

/** Every probe the issue lists, one relation filter each; S matches for staff, never for the parent. */
function probes(): Array<[string, string]> {
  return [
    ['report text (withFilter)', `withFilter[reports.content]=${enc(`%${SECRET_REPORT.slice(0, 12)}%`)}`],
    ['report text (withHaving)', `withHaving[reports.content]=${enc(`%${SECRET_REPORT.slice(3, 14)}%`)}`],
    ['name (withFilter)', `withFilter[users.firstname]=${enc(CLASSMATE_NAME)}`],
    ['full name (withHaving)', `withHaving[users.full_name]=${enc(`%${CLASSMATE_NAME}%`)}`],
    ['birthdate', `withFilter[users.birthdate]=${CLASSMATE_BIRTHDATE}`],
    ['participant id (pivot id list)', `withFilter[users.id]=${classmate}`],
    ['homework file name', `withFilter[tasks.file_name]=${enc('%таємне-домашнє%')}`],
    // The last hop (the teacher) is visible to the parent: only the scope of the middle hop hides it.
    ['homework by its creator', `withFilter[tasks.creator.id]=${kit.ids.teacher}`],
    ['report by its author', `withFilter[reports.created_by.id]=${kit.ids.teacher}`],
    ['package id (pivot id list)', `withFilter[subscriptions.id]=${subscription}`],
    ['payer name through the package', `withHaving[subscriptions.contract.payer.full_name]=${enc(`${PAYER_SURNAME}%`)}`],
    ['payer name through the classmate', `withHaving[users.contracts.payer.full_name]=${enc(`${PAYER_SURNAME}%`)}`],
    ['invoice amount through the package', `withFilter[subscriptions.invoices.amount]=${AMOUNT}`],
    ['invoice amount through the classmate', `withFilter[users.contracts.invoices.amount]=${AMOUNT}`],
    ['invoice amount (withHaving)', `withHaving[users.contracts.invoices.amount]=${AMOUNT}`],
  ];
}

const ask = (probe: string) => `/api/studies?select[]=id&filter[id]=${study}&${probe}`;

describe('relation filters apply the row scope of every hop (issue 10.1)', () => {
  it('staff find the group lesson by each of the classmate’s facts (the probes can match)', async () => {
    for (const [what, probe] of probes()) {
      const res = await kit.as.Administrator.get(ask(probe));
      expect(res.status, what).toBe(200);
      expect(res.body.data, what).toEqual([{ id: study }]);
    }
  });

  it('a parent learns nothing about a classmate from a yes/no relation filter', async () => {
    const leaks: string[] = [];
    for (const [what, probe] of probes()) {
      const res = await kit.as.Responsible.get(ask(probe));
      expect(res.status, what).toBe(200);
      if (res.body.data.length > 0 || res.body.meta.total !== 0) leaks.push(what);
    }
    expect(leaks).toEqual([]);
  });

  it('the parent still finds the lesson through what they may read', async () => {
    const own = [
      `withFilter[users.id]=${child}`,
      `withFilter[users.role_id]=4`,
      `withFilter[users.id]=${kit.ids.teacher}`,
      `withHaving[users.full_name]=${enc('Мельник%')}`,
    ];
    for (const probe of own) {
      expect((await kit.as.Responsible.get(ask(probe))).body.data, probe).toEqual([{ id: study }]);
    }
  });

  it('what a parent may not read through with[] is not what a filter may test either', async () => {
    const loaded = await kit.as.Responsible.get(`/api/studies/${study}?select[]=id&with[]=users:id&with[]=reports:id&with[]=tasks:id&with[]=subscriptions:id`);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.users.map((u: { id: number }) => u.id).sort()).toEqual([kit.ids.teacher, child].sort());
    expect(loaded.body.data.reports).toEqual([]);
    expect(loaded.body.data.tasks).toEqual([]);
    expect(loaded.body.data.subscriptions).toEqual([]);
    const counted = await kit.as.Responsible.get(`${ask('')}&withCount[]=reports&withCount[]=tasks&withCount[]=users`);
    expect(counted.body.data).toEqual([{ id: study, reports_count: 0, tasks_count: 0, users_count: 2 }]);
  });

  it('a field the role may not read cannot be compared through a relation (403)', async () => {
    const res = await kit.as.Responsible.get(ask(`withFilter[users.email]=${enc('%@%')}`));
    expect(res.status).toBe(403);
    expect((await kit.as.Responsible.get(`${ask('')}&with[]=users:id,email`)).status).toBe(403);
  });
});
