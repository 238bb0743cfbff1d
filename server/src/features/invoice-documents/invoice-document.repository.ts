import type { Knex } from 'knex';

export interface InvoiceDocumentRow {
  id: number;
  position: number;
  contract_id: number;
  amount: string;
  created_at: Date;
  contract_created_at: Date;
  template_id: number | null;
  entity: string | null;
  bank: string | null;
  contract_template_name: string | null;
  price_per_study: number;
  payer_surname: string | null;
  payer_firstname: string;
  payer_patronymic: string | null;
  payer_email: string | null;
  payer_phone: string | null;
}

/**
 * Everything the invoice prints, in one statement. The payee is the invoice's template, else its
 * contract's invoice template (the invoice form fills it from there).
 */
export async function findInvoiceDocumentRow(
  knex: Knex,
  invoiceId: number,
): Promise<InvoiceDocumentRow | undefined> {
  const result = await knex.raw<{ rows: InvoiceDocumentRow[] }>(
    `SELECT i.id, i.position, i.contract_id, i.amount, i.created_at, c.created_at AS contract_created_at,
            it.id AS template_id, it.entity, it.bank, ct.name AS contract_template_name, su.price_per_study,
            p.surname AS payer_surname, p.firstname AS payer_firstname, p.patronymic AS payer_patronymic,
            p.email AS payer_email,
            (SELECT ph.phone FROM phones ph WHERE ph.user_id = p.id ORDER BY ph.id LIMIT 1) AS payer_phone
       FROM invoices i
       JOIN subscriptions su ON su.id = i.subscription_id
       JOIN contracts c ON c.id = i.contract_id
       JOIN users p ON p.id = c.payer_id
       LEFT JOIN contract_templates ct ON ct.id = c.template_id
       LEFT JOIN invoice_templates it ON it.id = coalesce(i.template_id, c.invoice_template_id)
      WHERE i.id = ?`,
    [invoiceId],
  );
  return result.rows[0];
}
