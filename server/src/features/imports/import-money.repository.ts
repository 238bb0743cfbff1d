import type { Knex } from 'knex';
import { TIME_ZONE } from '@school/shared/domain';

export interface ExistingContract {
  id: number;
  number: string;
  student_id: number;
  payer_id: number;
  template_id: number | null;
  end_at: string | null;
}

export interface ContractValues {
  number: string;
  student_id: number;
  payer_id: number;
  template_id: number | null;
  end_at: string | null;
}

export interface ExistingSubscription {
  id: number;
  import_key: string;
  contract_id: number;
  studies_template_type_id: number;
  price_per_study: number;
  studies_per_week: number | null;
  /** The weekly plan as `weekday start_time duration`, sorted, comma-joined. */
  plan: string;
}

export interface SubscriptionValues {
  import_key: string;
  contract_id: number;
  studies_template_type_id: number;
  price_per_study: number;
  studies_per_week: number;
  slots: { weekday: number; start_time: string; duration: number }[];
}

export interface CatalogueEntry {
  id: number;
  name: string;
  name_ru?: string | null;
}

/** Reads and batched writes of contracts and subscriptions for imports. */
export const importMoneyRepository = {
  async contractsByNumber(db: Knex, numbers: readonly string[]): Promise<ExistingContract[]> {
    if (numbers.length === 0) return [];
    return db('contracts')
      .select(
        'id',
        'number',
        'student_id',
        'payer_id',
        'template_id',
        db.raw(`to_char(end_at AT TIME ZONE ?, 'YYYY-MM-DD') AS end_at`, [TIME_ZONE]),
      )
      .whereRaw('number = ANY(?::text[])', [[...new Set(numbers)]]);
  },

  async contractTemplates(db: Knex): Promise<CatalogueEntry[]> {
    return db('contract_templates').select('id', 'name');
  },

  async studyTypes(db: Knex): Promise<CatalogueEntry[]> {
    return db('study_types').select('id', 'name', 'name_ru');
  },

  async insertContracts(
    trx: Knex.Transaction,
    rows: readonly ContractValues[],
    userId: number,
  ): Promise<void> {
    if (rows.length === 0) return;
    await trx('contracts').insert(
      rows.map((r) => ({ ...r, end_at: kyivMidnight(trx, r.end_at), created_by: userId })),
    );
  },

  async updateContracts(
    trx: Knex.Transaction,
    rows: readonly (ContractValues & { id: number })[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await trx.raw(
      `UPDATE contracts c SET student_id = v.student_id, payer_id = v.payer_id, template_id = v.template_id,
         end_at = (v.end_at::timestamp AT TIME ZONE ?), updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id int, student_id int, payer_id int, template_id int, end_at date)
       WHERE c.id = v.id`,
      [TIME_ZONE, JSON.stringify(rows)],
    );
  },

  async subscriptionsByKey(db: Knex, keys: readonly string[]): Promise<ExistingSubscription[]> {
    if (keys.length === 0) return [];
    return db('subscriptions as s')
      .select(
        's.id',
        's.import_key',
        's.contract_id',
        's.studies_template_type_id',
        's.price_per_study',
        's.studies_per_week',
        db.raw(`COALESCE((SELECT string_agg(t.weekday || ' ' || to_char(t.start_time, 'FMHH24:MI:SS') || ' ' || t.duration, ','
          ORDER BY t.weekday, t.start_time, t.duration) FROM studies_templates t WHERE t.subscription_id = s.id), '') AS plan`),
      )
      .whereRaw('s.import_key = ANY(?::text[])', [[...new Set(keys)]]);
  },

  /** New subscriptions in one INSERT, then all their plans' slots in another. */
  async insertSubscriptions(
    trx: Knex.Transaction,
    rows: readonly SubscriptionValues[],
    userId: number,
  ): Promise<void> {
    if (rows.length === 0) return;
    const inserted: { id: number; import_key: string }[] = await trx('subscriptions')
      .insert(rows.map(({ slots: _slots, ...r }) => ({ ...r, created_by: userId })))
      .returning(['id', 'import_key']);
    const ids = new Map(inserted.map((r) => [r.import_key, r.id]));
    const slots = rows.flatMap((r) =>
      r.slots.map((s) => ({ ...s, subscription_id: ids.get(r.import_key)! })),
    );
    if (slots.length) await trx('studies_templates').insert(slots);
  },

  async updateSubscriptions(
    trx: Knex.Transaction,
    rows: readonly (SubscriptionValues & { id: number })[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await trx.raw(
      `UPDATE subscriptions s SET contract_id = v.contract_id, studies_template_type_id = v.studies_template_type_id,
         price_per_study = v.price_per_study, studies_per_week = v.studies_per_week, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id int, contract_id int, studies_template_type_id int,
         price_per_study int, studies_per_week int)
       WHERE s.id = v.id`,
      [JSON.stringify(rows.map(({ slots: _slots, ...r }) => r))],
    );
    const ids = rows.map((r) => r.id);
    await trx('studies_templates').whereRaw('subscription_id = ANY(?::int[])', [ids]).delete();
    const slots = rows.flatMap((r) => r.slots.map((s) => ({ ...s, subscription_id: r.id })));
    if (slots.length) await trx('studies_templates').insert(slots);
  },
};

/** A contract's end date is the end of the school's day: stored as that date's Kyiv midnight. */
function kyivMidnight(trx: Knex.Transaction, date: string | null) {
  return date ? trx.raw(`(?::timestamp AT TIME ZONE ?)`, [date, TIME_ZONE]) : null;
}

/** A catalogue entry by id or by its name in any language, case aside. */
export function findEntry(entries: readonly CatalogueEntry[], text: string): CatalogueEntry | undefined {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return entries.find((e) => e.id === Number(t));
  return entries.find((e) => e.name.toLowerCase() === t || (e.name_ru ?? '').toLowerCase() === t);
}
