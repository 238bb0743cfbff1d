import type { Kit } from './resource.test-kit.js';

/** What only staff may know about the classmate of a group lesson (each value distinct in the demo). */
export const CLASSMATE = {
  firstname: 'Таємничка',
  birthdate: '2012-02-29',
  report: 'Таємний-звіт про однокласника',
  homework: 'таємне-домашнє.pdf',
  payerSurname: 'Платниченко',
  amount: 987_654,
} as const;

export interface GroupLesson {
  study: number;
  /** The child of parent@ in the lesson. */
  child: number;
  /** A student of another family, on a package of that family's contract. */
  classmate: number;
  subscription: number;
}

/**
 * A group lesson of teacher@ with a child of parent@ and a classmate from another family (the demo
 * has none): the classmate has a report, a homework file, a package and an invoice there, all
 * hidden from the parent by the row scopes, and every relation filter must keep them hidden.
 */
export async function addGroupLesson(kit: Kit): Promise<GroupLesson> {
  const k = kit.srv.knex;
  const child = kit.ids.children[0];
  const family = await k('contracts as c')
    .join('subscriptions as s', 's.contract_id', 'c.id')
    .join('invoices as i', 'i.subscription_id', 's.id')
    .whereNotIn('c.student_id', kit.ids.children)
    .orderBy('c.id')
    .first('c.student_id', 'c.payer_id', 's.id as subscription_id', 'i.id as invoice_id');
  if (!family)
    throw new Error('no contract with a package and an invoice outside parent@’s family in the demo');
  const classmate = family.student_id as number;
  await k('users')
    .where('id', classmate)
    .update({ firstname: CLASSMATE.firstname, birthdate: CLASSMATE.birthdate });
  await k('users').where('id', family.payer_id).update({ surname: CLASSMATE.payerSurname });
  await k('invoices').where('id', family.invoice_id).update({ amount: CLASSMATE.amount });

  // Far in the future: no participant has another lesson then (study_user_no_overlap).
  const [s] = await k('studies')
    .insert({ start: '2031-03-03T08:00:00Z', end: '2031-03-03T09:00:00Z', created_by: kit.ids.teacher })
    .returning('id');
  await k('study_user').insert([
    { study_id: s.id, user_id: kit.ids.teacher },
    { study_id: s.id, user_id: child },
    { study_id: s.id, user_id: classmate, subscription_id: family.subscription_id },
  ]);
  await k('study_reports').insert({
    study_id: s.id,
    user_id: classmate,
    created_by: kit.ids.teacher,
    subject: 'Урок',
    content: CLASSMATE.report,
  });
  await k('study_tasks').insert({
    study_id: s.id,
    user_id: classmate,
    creator_id: kit.ids.teacher,
    file_name: CLASSMATE.homework,
    file_mime: 'application/pdf',
    storage_key: 'spec/classmate-homework.pdf',
  });
  return { study: s.id, child, classmate, subscription: family.subscription_id };
}
