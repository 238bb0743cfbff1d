import type { Knex } from 'knex';

export interface ContractDocumentRow {
  id: number;
  created_at: Date;
  end_at: Date | null;
  template_name: string | null;
  template_url: string | null;
  /** Storage key of the template's own .docx (filled instead of the generated document). */
  template_docx: string | null;
  discipline: string | null;
  entity: string | null;
  bank: string | null;
  payer_surname: string | null;
  payer_firstname: string;
  payer_patronymic: string | null;
  payer_email: string | null;
  payer_phone: string | null;
  student_surname: string | null;
  student_firstname: string;
  student_patronymic: string | null;
  student_class: number | null;
  student_responsible_type_id: number | null;
  price_per_study: number | null;
  studies_per_week: number | null;
  studies_count: number | null;
}

/**
 * Everything the contract document prints, in one statement. The payee is the contract's invoice
 * template, else the first one of its contract template, else the default invoice template (1).
 * Price and schedule come from the contract's latest subscription.
 */
export async function findContractDocumentRow(
  knex: Knex,
  contractId: number,
): Promise<ContractDocumentRow | undefined> {
  const result = await knex.raw<{ rows: ContractDocumentRow[] }>(
    `SELECT c.id, c.created_at, c.end_at,
            ct.name AS template_name, ct.url AS template_url, ct.docx_file AS template_docx, d.name AS discipline,
            payee.entity, payee.bank,
            p.surname AS payer_surname, p.firstname AS payer_firstname, p.patronymic AS payer_patronymic,
            p.email AS payer_email,
            (SELECT ph.phone FROM phones ph WHERE ph.user_id = p.id ORDER BY ph.id LIMIT 1) AS payer_phone,
            s.surname AS student_surname, s.firstname AS student_firstname, s.patronymic AS student_patronymic,
            s.responsible_type_id AS student_responsible_type_id,
            (SELECT max(cl.number) FROM classification_user cu JOIN classifications cl ON cl.id = cu.classification_id
              WHERE cu.user_id = s.id) AS student_class,
            sub.price_per_study, sub.studies_per_week, sub.studies_count
       FROM contracts c
       JOIN users p ON p.id = c.payer_id
       JOIN users s ON s.id = c.student_id
       LEFT JOIN contract_templates ct ON ct.id = c.template_id
       LEFT JOIN contract_disciplines d ON d.id = c.discipline_id
       LEFT JOIN LATERAL (
         SELECT it.entity, it.bank FROM invoice_templates it
          WHERE it.id = c.invoice_template_id
             OR (c.invoice_template_id IS NULL AND it.contract_template_id = c.template_id)
             OR it.id = 1
          ORDER BY (it.id = c.invoice_template_id) DESC NULLS LAST, (it.contract_template_id = c.template_id) DESC NULLS LAST, it.id
          LIMIT 1) payee ON true
       LEFT JOIN LATERAL (
         SELECT su.price_per_study, su.studies_per_week,
                (SELECT count(*)::int FROM study_user x WHERE x.subscription_id = su.id) AS studies_count
           FROM subscriptions su WHERE su.contract_id = c.id
          ORDER BY su.created_at DESC, su.id DESC LIMIT 1) sub ON true
      WHERE c.id = ?`,
    [contractId],
  );
  return result.rows[0];
}
