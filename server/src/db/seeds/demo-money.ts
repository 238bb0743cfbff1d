import { DateTime } from 'luxon';
import type { Rng } from './prng.js';
import type { People } from './demo-people.js';
import type { Pattern, PlannedStudy } from './demo-timetable.js';
import { CONTRACT_TEMPLATE, STUDY_TYPE } from './catalogue.seed.js';

/** Contracts, subscriptions (monthly packages), their weekly templates and invoices. */

export interface Money {
  contracts: Array<Record<string, unknown>>;
  subscriptions: Array<Record<string, unknown>>;
  studiesTemplates: Array<Record<string, unknown>>;
  invoices: Array<Record<string, unknown>>;
  /** `${studyId}:${studentId}` -> subscription id */
  links: Map<string, number>;
}

interface StudentTerms {
  contractId: number;
  invoiceTemplateId: number | null;
  templateId: number;
  eur: { price: number; rate: number } | null;
  uahPrice: number;
}

export function planMoney(
  rng: Rng,
  people: People,
  patterns: Pattern[],
  studies: PlannedStudy[],
  now: DateTime,
): Money {
  const money: Money = {
    contracts: [],
    subscriptions: [],
    studiesTemplates: [],
    invoices: [],
    links: new Map(),
  };
  const terms = new Map<number, StudentTerms>();
  const staff = () => rng.pick([...people.managerIds, people.adminId]);
  const byPattern = new Map<number, PlannedStudy[]>();
  for (const s of [...studies].sort((a, b) => a.start.toMillis() - b.start.toMillis())) {
    if (s.patternIdx === null || s.trial) continue;
    byPattern.set(s.patternIdx, [...(byPattern.get(s.patternIdx) ?? []), s]);
  }

  const contractFor = (studentId: number, pattern: Pattern, firstStart: DateTime): StudentTerms => {
    const known = terms.get(studentId);
    if (known) return known;
    const student = people.students.find((s) => s.id === studentId);
    if (!student) throw new Error(`unknown student ${studentId}`);
    const r = rng.next();
    let templateId: number = CONTRACT_TEMPLATE.individual;
    let invoiceTemplateId: number | null = rng.pick([3, 4, null]);
    let eur: StudentTerms['eur'] = null;
    let disciplineId = rng.int(1, 16);
    if (pattern.typeId === STUDY_TYPE.group)
      [templateId, invoiceTemplateId] = [CONTRACT_TEMPLATE.group, null];
    else if (pattern.typeId === STUDY_TYPE.pair)
      [templateId, invoiceTemplateId] = [CONTRACT_TEMPLATE.pair, null];
    else if (r < 0.2) {
      [templateId, invoiceTemplateId] = [CONTRACT_TEMPLATE.offerEur, 5];
      eur = { price: rng.pick([12, 15, 18]), rate: 44 + rng.int(0, 20000) / 10000 };
    } else if (r < 0.3) [templateId, invoiceTemplateId] = [CONTRACT_TEMPLATE.offerUah, 6];
    else if (r < 0.36) [templateId, invoiceTemplateId, disciplineId] = [CONTRACT_TEMPLATE.chess, 7, 13];
    const offer = templateId === CONTRACT_TEMPLATE.offerEur || templateId === CONTRACT_TEMPLATE.offerUah;
    const createdAt = DateTime.min(firstStart.minus({ days: rng.int(3, 10) }), now.minus({ hours: 2 }));
    const contractId = money.contracts.length + 1;
    money.contracts.push({
      id: contractId,
      student_id: studentId,
      payer_id: student.parentIds[0] ?? studentId,
      template_id: templateId,
      discipline_id: disciplineId,
      invoice_template_id: invoiceTemplateId,
      end_at: offer ? null : createdAt.plus({ years: 1 }).endOf('year').toJSDate(),
      created_by: staff(),
      created_at: createdAt.toJSDate(),
      updated_at: createdAt.toJSDate(),
    });
    const uahPrice =
      pattern.typeId === STUDY_TYPE.group
        ? 20000
        : pattern.typeId === STUDY_TYPE.pair
          ? 25000
          : rng.pick([25000, 30000, 30000, 35000, 40000]);
    const t = { contractId, invoiceTemplateId, templateId, eur, uahPrice };
    terms.set(studentId, t);
    return t;
  };

  patterns.forEach((pattern, patternIdx) => {
    const list = byPattern.get(patternIdx) ?? [];
    if (list.length === 0) return;
    const packageSize = 4 * pattern.slots.length;
    for (const studentId of pattern.studentIds) {
      const t = contractFor(studentId, pattern, list[0].start);
      for (let k = 0; k * packageSize < list.length; k++) {
        const chunk = list.slice(k * packageSize, (k + 1) * packageSize);
        const subscriptionId = money.subscriptions.length + 1;
        const createdAt = DateTime.min(
          chunk[0].start.minus({ days: rng.int(2, 6) }),
          now.minus({ hours: 1 }),
        );
        // Prolonging an EUR package re-prices it at the day's rate: the rate drifts a little.
        const rate = t.eur ? Math.round((t.eur.rate + k * 0.0731) * 10000) / 10000 : null;
        const price = t.eur && rate ? Math.round(t.eur.price * rate) * 100 : t.uahPrice;
        money.subscriptions.push({
          id: subscriptionId,
          contract_id: t.contractId,
          studies_template_type_id: pattern.typeId,
          price_per_study: price,
          eur_rate: rate,
          eur_price_per_study: t.eur ? t.eur.price.toFixed(2) : null,
          studies_per_week: pattern.slots.length,
          created_by: staff(),
          created_at: createdAt.toJSDate(),
          updated_at: createdAt.toJSDate(),
        });
        for (const slot of pattern.slots) {
          money.studiesTemplates.push({
            subscription_id: subscriptionId,
            weekday: slot.weekday,
            start_time: `${String(Math.floor(slot.startMin / 60)).padStart(2, '0')}:${String(slot.startMin % 60).padStart(2, '0')}:00`,
            duration: slot.duration,
          });
        }
        for (const s of chunk) money.links.set(`${s.id}:${studentId}`, subscriptionId);
        planInvoices(
          rng,
          money,
          t,
          subscriptionId,
          price * packageSize,
          createdAt,
          chunk[0].start,
          now,
          staff,
        );
      }
    }
  });

  // Positions are assigned by the database in insert order: insert in order of creation.
  money.invoices.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
  money.invoices.forEach((inv, i) => (inv.id = i + 1));
  return money;
}

function planInvoices(
  rng: Rng,
  money: Money,
  t: StudentTerms,
  subscriptionId: number,
  amount: number,
  createdAt: DateTime,
  firstStart: DateTime,
  now: DateTime,
  staff: () => number,
) {
  const special = [
    CONTRACT_TEMPLATE.offerUah,
    CONTRACT_TEMPLATE.offerEur,
    CONTRACT_TEMPLATE.chess,
  ] as number[];
  const templateId = t.invoiceTemplateId ?? (special.includes(t.templateId) ? null : rng.pick([1, 2]));
  const started = firstStart < now;
  const split = rng.chance(0.15);
  const parts = split ? [Math.floor(amount / 2), amount - Math.floor(amount / 2)] : [amount];
  parts.forEach((part, i) => {
    const created = DateTime.min(createdAt.plus({ days: i * rng.int(5, 12) }), now.minus({ minutes: 30 }));
    const paid = started ? rng.chance(i === 0 ? 0.95 : 0.7) : rng.chance(0.45);
    const payedAt = DateTime.min(
      created.plus({ days: rng.int(0, 3), hours: rng.int(1, 10) }),
      now.minus({ minutes: 5 }),
    );
    money.invoices.push({
      id: 0,
      subscription_id: subscriptionId,
      amount: part,
      payed_at: paid ? payedAt.toJSDate() : null,
      template_id: templateId,
      created_by: staff(),
      created_at: created.toJSDate(),
      updated_at: created.toJSDate(),
    });
  });
}
