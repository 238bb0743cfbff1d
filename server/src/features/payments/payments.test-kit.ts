import type { Knex } from 'knex';
import { DEMO_ACCOUNTS } from '../../../test/harness.test-kit.js';

/** A fresh unpaid invoice of the demo Responsible's first child (a contract and a package of its own). */
export async function freshInvoice(
  knex: Knex,
  amount = 240000,
): Promise<{ id: number; studentId: number; parentId: number }> {
  const parent = await knex('users').where({ email: DEMO_ACCOUNTS.Responsible }).first('id');
  const link = await knex('user_responsibles')
    .where({ responsible_id: parent.id })
    .orderBy('child_id')
    .first('child_id');
  const [contract] = await knex('contracts')
    .insert({ student_id: link.child_id, payer_id: parent.id })
    .returning('id');
  const [sub] = await knex('subscriptions')
    .insert({ contract_id: contract.id, price_per_study: 30000 })
    .returning('id');
  const [inv] = await knex('invoices').insert({ subscription_id: sub.id, amount }).returning('id');
  return { id: inv.id as number, studentId: link.child_id as number, parentId: parent.id as number };
}

export async function invoicePaidAt(knex: Knex, id: number): Promise<Date | null> {
  const row = await knex('invoices').where({ id }).first('payed_at');
  return (row?.payed_at as Date | null) ?? null;
}

export async function paymentRow(knex: Knex, id: string) {
  return knex('payments')
    .where({ id })
    .first('status', 'review_reason', 'settled_invoice', 'provider_payment_id', 'amount');
}

export async function eventsOf(knex: Knex, paymentId: string) {
  return knex('payment_events')
    .where({ payment_id: paymentId })
    .orderBy('id')
    .select('source', 'provider_status', 'outcome', 'flagged');
}
