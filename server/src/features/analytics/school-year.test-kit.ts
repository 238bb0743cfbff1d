import fc from 'fast-check';
import { TIME_ZONE } from '@school/shared/domain';

/**
 * A generated school year (issue 15 point 5) and the numbers it must produce, computed here
 * independently of the product: no shared rule, no SQL. Dates are read in Kyiv time with the
 * JavaScript engine's own time-zone data (Intl), weeks and ISO week numbers by hand, money with
 * integer / BigInt arithmetic.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
/** A generated study lasts this long; overlapping participants are moved on by STEP. */
export const STUDY_MS = 15 * MINUTE;
const STEP = 20 * MINUTE;

// ---------------------------------------------------------------- Kyiv calendar, by hand

const KYIV_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of the Kyiv calendar day an instant falls on. */
export const kyivDay = (ms: number): string => KYIV_DAY.format(ms);
const dayStart = (iso: string): number =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const isoOf = (dayMs: number): string => new Date(dayMs).toISOString().slice(0, 10);

/** The Monday (as 'YYYY-MM-DD') of the Kyiv week an instant falls in. */
export function kyivMonday(ms: number): string {
  const day = dayStart(kyivDay(ms));
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return isoOf(day - sinceMonday * DAY);
}

export const plusDays = (iso: string, days: number): string => isoOf(dayStart(iso) + days * DAY);

/** ISO 8601 week number and week-year of the week starting on `monday`: the year of its Thursday. */
export function isoWeek(monday: string): { week: number; year: number } {
  const thursday = dayStart(monday) + 3 * DAY;
  const year = new Date(thursday).getUTCFullYear();
  return { week: Math.floor((thursday - Date.UTC(year, 0, 1)) / WEEK) + 1, year };
}

/** Clock changes in Kyiv (EU rule): the last Sundays of March and October, 01:00 UTC. */
export function clockChanges(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let y = new Date(fromMs).getUTCFullYear(); y <= new Date(toMs).getUTCFullYear(); y++) {
    for (const month of [2, 9]) {
      const last = Date.UTC(y, month + 1, 0);
      const sunday = last - new Date(last).getUTCDay() * DAY;
      const at = sunday + HOUR;
      if (at >= fromMs && at <= toMs) out.push(at);
    }
  }
  return out;
}

// ---------------------------------------------------------------- money, by hand

/** Round half up of a / b for a >= 0, b > 0 (integers). */
export const divRound = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/**
 * UAH minor units from a EUR price in cents and a rate in 1/10,000: the euros times the rate,
 * rounded half up to whole hryvnias (spec part 2 §9), in BigInt.
 */
export function uahFromEur(eurCents: number, rateUnits: number): number {
  const micro = BigInt(eurCents) * BigInt(rateUnits); // 1e-6 UAH
  const hryvnias = micro / 1_000_000n + (micro % 1_000_000n >= 500_000n ? 1n : 0n);
  return Number(hryvnias) * 100;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
export const invoiceNo = (position: number, contractId: number): string =>
  `${pad2(position)}-${pad2(contractId)}`;

// ---------------------------------------------------------------- the generated year

export type Pricing = { kind: 'uah'; price: number } | { kind: 'eur'; eurCents: number; rateUnits: number };

export interface YearModel {
  contracts: Array<{ id: number; student: number }>;
  subs: Array<{ contract: number; pricing: Pricing; prolong: boolean }>;
  studies: Array<{
    at: number;
    trial: boolean;
    sub: number | null;
    lone: number | null;
    mate: number | null;
    teacher: number;
  }>;
  invoices: Array<{
    sub: number;
    at: number;
    amount: { kind: 'whole' | 'half'; k: number } | { kind: 'any'; value: number };
    paidAfterHours: number | null;
  }>;
  /** Today's EUR rate (1/10,000) for the prolongs. */
  todayRate: number;
}

/**
 * Instants of a school year in [from, to]: anywhere, around the clock changes, and on Sunday
 * evenings UTC, when a Kyiv week has already turned (21:00 UTC in summer, 22:00 UTC in winter).
 */
export function instantArb(from: number, to: number): fc.Arbitrary<number> {
  const changes = clockChanges(from, to);
  const lastSunday = to - (to % DAY) - new Date(to).getUTCDay() * DAY;
  const weeks = Math.floor((to - from) / WEEK);
  const minute = (ms: number) => ms - (ms % MINUTE);
  const anywhere = fc.integer({ min: from, max: to }).map(minute);
  const sundayEvening = fc
    .tuple(fc.integer({ min: 0, max: weeks }), fc.integer({ min: 19 * 60, max: 24 * 60 - 1 }))
    .map(([w, m]) => lastSunday - w * WEEK + m * MINUTE);
  const arbs = [
    { weight: 3, arbitrary: anywhere },
    { weight: 2, arbitrary: sundayEvening },
    ...(changes.length
      ? [
          {
            weight: 2,
            arbitrary: fc
              .tuple(fc.constantFrom(...changes), fc.integer({ min: -36 * 60, max: 36 * 60 }))
              .map(([t, m]) => t + m * MINUTE),
          },
        ]
      : []),
  ];
  return fc.oneof(...arbs).filter((ms) => ms >= from && ms <= to);
}

export function yearModelArb(opts: {
  from: number;
  to: number;
  students: number;
  teachers: number;
}): fc.Arbitrary<YearModel> {
  const at = instantArb(opts.from, opts.to);
  const pricing: fc.Arbitrary<Pricing> = fc.oneof(
    fc.constant<Pricing>({ kind: 'uah', price: 0 }),
    fc.integer({ min: 1, max: 150_000 }).map((price): Pricing => ({ kind: 'uah', price })),
    fc.integer({ min: 100, max: 1_500 }).map((h): Pricing => ({ kind: 'uah', price: h * 100 })),
    fc
      .record({
        eurCents: fc.integer({ min: 100, max: 6_000 }),
        rateUnits: fc.integer({ min: 350_000, max: 550_000 }),
      })
      .map((e): Pricing => ({ kind: 'eur', ...e })),
  );
  return fc.record({
    // Contract ids of one, two and three digits: the invoice number pads to two, never cuts.
    contracts: fc.uniqueArray(
      fc.record({
        id: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 10, max: 150 })),
        student: fc.nat(opts.students - 1),
      }),
      {
        minLength: 1,
        maxLength: 5,
        size: 'max',
        selector: (c) => c.id,
      },
    ),
    subs: fc.array(fc.record({ contract: fc.nat(), pricing, prolong: fc.boolean() }), {
      minLength: 2,
      maxLength: 8,
      size: 'max',
    }),
    studies: fc.array(
      fc.record({
        at,
        trial: fc.boolean(),
        sub: fc.option(fc.nat(), { freq: 4 }),
        lone: fc.option(fc.nat(opts.students - 1)),
        mate: fc.option(fc.nat(), { freq: 1 }),
        teacher: fc.nat(opts.teachers - 1),
      }),
      // A year's worth: fast-check's default sizes would give a handful.
      { minLength: 20, maxLength: 80, size: 'max' },
    ),
    invoices: fc.array(
      fc.record({
        sub: fc.nat(),
        at,
        amount: fc.oneof(
          fc.record({
            kind: fc.constantFrom('whole' as const, 'half' as const),
            k: fc.integer({ min: 1, max: 12 }),
          }),
          fc.record({ kind: fc.constant('any' as const), value: fc.integer({ min: 0, max: 2_000_000 }) }),
        ),
        paidAfterHours: fc.option(fc.integer({ min: 0, max: 24 * 20 })),
      }),
      { minLength: 5, maxLength: 30, size: 'max' },
    ),
    todayRate: fc.integer({ min: 350_000, max: 550_000 }),
  });
}

// ---------------------------------------------------------------- the year as rows

export interface PlannedStudy {
  id: number;
  start: number;
  trial: boolean;
  teacher: number;
  /** Student index → subscription index (null: on no package). */
  students: Array<{ student: number; sub: number | null }>;
}

export interface PlannedInvoice {
  id: number;
  sub: number;
  createdAt: number;
  amount: number;
  payedAt: number | null;
}

export interface PlannedYear {
  prices: number[];
  studies: PlannedStudy[];
  invoices: PlannedInvoice[];
}

/**
 * The model resolved: prices, studies with their participants (a participant is never in two
 * studies at once: a clashing study moves on by 20 minutes), invoices in creation order.
 */
export function planYear(m: YearModel): PlannedYear {
  const contractOf = (s: number) => m.contracts[m.subs[s]!.contract % m.contracts.length]!;
  const prices = m.subs.map((s) =>
    s.pricing.kind === 'uah' ? s.pricing.price : uahFromEur(s.pricing.eurCents, s.pricing.rateUnits),
  );
  const busy = new Map<string, number[]>();
  const free = (who: string[], t: number) =>
    who.every((w) => (busy.get(w) ?? []).every((b) => t >= b + STUDY_MS || t + STUDY_MS <= b));
  const studies: PlannedStudy[] = m.studies.map((s, i) => {
    const students: PlannedStudy['students'] = [];
    if (s.sub !== null) {
      const sub = s.sub % m.subs.length;
      students.push({ student: contractOf(sub).student, sub });
    } else if (s.lone !== null) students.push({ student: s.lone, sub: null });
    if (s.mate !== null && students.length) {
      const mate = s.mate % m.subs.length;
      const student = contractOf(mate).student;
      if (!students.some((x) => x.student === student)) students.push({ student, sub: mate });
    }
    const who = [`t${s.teacher}`, ...students.map((x) => `s${x.student}`)];
    let start = s.at;
    while (!free(who, start)) start += STEP;
    for (const w of who) busy.set(w, [...(busy.get(w) ?? []), start]);
    return { id: i + 1, start, trial: s.trial, teacher: s.teacher, students };
  });
  const invoices = m.invoices
    .map((inv, i) => {
      const sub = inv.sub % m.subs.length;
      const price = prices[sub]!;
      const amount =
        inv.amount.kind === 'any'
          ? inv.amount.value
          : inv.amount.k * price + (inv.amount.kind === 'half' ? Math.floor(price / 2) : 0);
      return {
        i,
        sub,
        createdAt: inv.at,
        amount,
        payedAt: inv.paidAfterHours === null ? null : inv.at + inv.paidAfterHours * HOUR,
      };
    })
    .sort((a, b) => a.createdAt - b.createdAt || a.i - b.i)
    .map(({ i: _i, ...inv }, k) => ({ id: k + 1, ...inv }));
  return { prices, studies, invoices };
}
