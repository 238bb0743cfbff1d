import {
  divRound,
  invoiceNo,
  isoWeek,
  kyivMonday,
  plusDays,
  type PlannedInvoice,
  type PlannedStudy,
} from './school-year.test-kit.js';

/**
 * What the API must answer for a planned school year (school-year.test-kit.ts), computed from the
 * plan alone: the spec's definitions (part 1 §3, part 2 §2, §4) and docs/domain-rules.md, not our code.
 */

export interface Ledger {
  /** Price per study of each subscription, by index. */
  prices: number[];
  /** Contract id of each subscription, by index. */
  contractOfSub: number[];
  studies: PlannedStudy[];
  invoices: PlannedInvoice[];
}

/** Invoice number = its position by creation within its contract and the contract id, each padded to 2 digits. */
export function expectedInvoices(l: Ledger) {
  const byContract = new Map<number, PlannedInvoice[]>();
  for (const inv of l.invoices) {
    const c = l.contractOfSub[inv.sub]!;
    byContract.set(c, [...(byContract.get(c) ?? []), inv]);
  }
  const position = new Map<number, number>();
  for (const list of byContract.values()) {
    [...list]
      .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
      .forEach((inv, i) => position.set(inv.id, i + 1));
  }
  return l.invoices
    .map((inv) => {
      const price = l.prices[inv.sub]!;
      return {
        id: inv.id,
        amount: inv.amount,
        number: invoiceNo(position.get(inv.id)!, l.contractOfSub[inv.sub]!),
        studies_count: price === 0 ? 0 : divRound(inv.amount, price),
        unpaid: inv.payedAt === null,
      };
    })
    .sort((a, b) => a.id - b.id);
}

/** Per subscription: the paid amount (paid invoices) and how many of its studies it covers. */
export function expectedSubscriptions(l: Ledger) {
  return l.prices.map((price, sub) => ({
    price_per_study: price,
    invoices_payed_amount: l.invoices
      .filter((i) => i.sub === sub && i.payedAt !== null)
      .reduce((a, i) => a + i.amount, 0),
  }));
}

/**
 * isPaid: every student of the study is on a package and the study's place in that package (by
 * start, then id) is within floor(paid / price), or the package is free.
 */
export function expectedPaid(l: Ledger): Map<number, boolean> {
  const paid = expectedSubscriptions(l);
  const covered = new Set<string>();
  l.prices.forEach((price, sub) => {
    const own = l.studies
      .filter((s) => s.students.some((x) => x.sub === sub))
      .sort((a, b) => a.start - b.start || a.id - b.id);
    const n =
      price === 0 ? own.length : Math.min(Math.floor(paid[sub]!.invoices_payed_amount / price), own.length);
    own.slice(0, n).forEach((s) => covered.add(`${sub}:${s.id}`));
  });
  return new Map(
    l.studies.map((s) => [
      s.id,
      s.students.length > 0 && s.students.every((x) => x.sub !== null && covered.has(`${x.sub}:${s.id}`)),
    ]),
  );
}

/** The Mondays the weekly lists show: `weeks` Kyiv weeks ending with the current one, oldest first. */
export function listedMondays(nowMs: number, weeks: number): string[] {
  const current = kyivMonday(nowMs);
  return Array.from({ length: weeks }, (_, i) => plusDays(current, -7 * (weeks - 1 - i)));
}

const weekColumns = (monday: string) => ({
  ...isoWeek(monday),
  first_day_of_week: monday,
  last_day_of_week: plusDays(monday, 6),
});

/**
 * Studies of one kind (trial or not) per Kyiv week: studies counted once, price summed over the
 * students on a package, its rounded mean, distinct students; the total over the listed weeks.
 */
export function expectedStudyWeeks(l: Ledger, trial: boolean, mondays: string[]) {
  const acc = () => ({ studies: 0, prices: [] as number[], users: new Set<number>() });
  const weeks = new Map(mondays.map((m) => [m, acc()]));
  const total = acc();
  for (const s of l.studies) {
    const week = s.trial === trial ? weeks.get(kyivMonday(s.start)) : undefined;
    if (!week) continue;
    for (const into of [week, total]) {
      into.studies++;
      for (const x of s.students) {
        into.users.add(x.student);
        if (x.sub !== null) into.prices.push(l.prices[x.sub]!);
      }
    }
  }
  const numbers = (a: ReturnType<typeof acc>) => {
    const price = a.prices.reduce((x, y) => x + y, 0);
    return {
      count: a.studies,
      price,
      average_price: a.prices.length ? divRound(price, a.prices.length) : null,
      users_count: a.users.size,
    };
  };
  return {
    data: mondays.map((m) => ({ ...weekColumns(m), ...numbers(weeks.get(m)!) })),
    total: numbers(total),
  };
}

/** Invoices per Kyiv week of their creation: count and amounts, paid ones apart; the total. */
export function expectedInvoiceWeeks(l: Ledger, mondays: string[]) {
  const acc = () => ({ count: 0, amount: 0, payed_count: 0, payed_amount: 0 });
  const weeks = new Map(mondays.map((m) => [m, acc()]));
  const total = acc();
  for (const inv of l.invoices) {
    const week = weeks.get(kyivMonday(inv.createdAt));
    if (!week) continue;
    for (const into of [week, total]) {
      into.count++;
      into.amount += inv.amount;
      if (inv.payedAt !== null) {
        into.payed_count++;
        into.payed_amount += inv.amount;
      }
    }
  }
  return { data: mondays.map((m) => ({ ...weekColumns(m), ...weeks.get(m)! })), total };
}
