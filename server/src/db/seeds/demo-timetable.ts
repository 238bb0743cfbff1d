import { DateTime } from 'luxon';
import { TIME_ZONE } from '@school/shared/domain';
import type { Rng } from './prng.js';
import { ROLE, type People } from './demo-people.js';
import { STUDY_TYPE } from './catalogue.seed.js';

/**
 * Teacher schedules and the studies that follow from weekly patterns. Every study is checked
 * here against the teacher's work periods, off periods and everyone's other studies, so the
 * exclusion constraint never fires while seeding.
 */

export const ZONE = TIME_ZONE;

export interface WorkPeriod {
  weekday: number;
  startMin: number;
  duration: number;
}
export interface Slot {
  weekday: number;
  startMin: number;
  duration: number;
}

export interface TeacherPlan {
  userId: number;
  roleId: number;
  periods: WorkPeriod[];
  off: Array<{ start: DateTime; end: DateTime }>;
}

export interface Pattern {
  teacherUserId: number;
  studentIds: number[];
  slots: Slot[];
  typeId: number;
  from: DateTime;
  until: DateTime;
  trialFirst: boolean;
}

export interface PlannedStudy {
  id: number;
  start: DateTime;
  end: DateTime;
  typeId: number;
  trial: boolean;
  missStatus: number;
  comment: string | null;
  teacherUserId: number;
  studentIds: number[];
  /** Extra non-blocking participants (a manager reserving the slot). */
  others: Array<{ userId: number; roleId: number }>;
  patternIdx: number | null;
}

/** JavaScript / spec weekday (0 = Sunday) of a luxon date. */
export const jsWeekday = (d: DateTime) => d.weekday % 7;

export class Timetable {
  readonly studies: PlannedStudy[] = [];
  private readonly busy = new Map<number, Array<[number, number]>>();
  private readonly weekly = new Map<number, Slot[]>();

  constructor(private readonly teachers: Map<number, TeacherPlan>) {}

  isWorkTime(teacherUserId: number, start: DateTime, minutes: number): boolean {
    const t = this.teachers.get(teacherUserId);
    if (!t) return false;
    const local = start.setZone(ZONE);
    const s = local.hour * 60 + local.minute;
    const inPeriod = t.periods.some(
      (p) => p.weekday === jsWeekday(local) && s >= p.startMin && s + minutes <= p.startMin + p.duration,
    );
    const end = start.plus({ minutes });
    const inOff = t.off.some((o) => start < o.end && end > o.start);
    return inPeriod && !inOff;
  }

  isFree(userIds: number[], start: DateTime, end: DateTime, except?: PlannedStudy): boolean {
    const s = start.toMillis();
    const e = end.toMillis();
    const own = except ? [except.start.toMillis(), except.end.toMillis()] : null;
    return userIds.every((u) =>
      (this.busy.get(u) ?? []).every(
        ([bs, be]) => e <= bs || s >= be || (own !== null && bs === own[0] && be === own[1]),
      ),
    );
  }

  /** Places a study if teacher and students are free and it is inside working time. */
  tryPlace(p: Omit<PlannedStudy, 'id'>): PlannedStudy | null {
    const minutes = p.end.diff(p.start, 'minutes').minutes;
    const blocking = [p.teacherUserId, ...p.studentIds];
    if (!this.isWorkTime(p.teacherUserId, p.start, minutes) || !this.isFree(blocking, p.start, p.end))
      return null;
    const study = { ...p, id: 0 };
    this.occupy(blocking, study);
    this.studies.push(study);
    return study;
  }

  /** Moves a study by `days` keeping the time, when the new time is allowed; returns the old start. */
  tryMove(study: PlannedStudy, days: number): DateTime | null {
    const start = study.start.plus({ days });
    const end = study.end.plus({ days });
    const blocking = [study.teacherUserId, ...study.studentIds];
    const minutes = end.diff(start, 'minutes').minutes;
    if (!this.isWorkTime(study.teacherUserId, start, minutes) || !this.isFree(blocking, start, end, study))
      return null;
    const old = study.start;
    for (const u of blocking) {
      const list = this.busy.get(u) ?? [];
      const i = list.findIndex(([bs, be]) => bs === study.start.toMillis() && be === study.end.toMillis());
      if (i >= 0) list.splice(i, 1);
    }
    study.start = start;
    study.end = end;
    this.occupy(blocking, study);
    return old;
  }

  /** Weekly slots free for all users, picked from the teacher's work periods. */
  pickSlots(rng: Rng, teacherUserId: number, userIds: number[], count: number, duration: number): Slot[] {
    const t = this.teachers.get(teacherUserId);
    if (!t) return [];
    const candidates: Slot[] = [];
    for (const p of t.periods) {
      for (let m = p.startMin; m + duration <= p.startMin + p.duration; m += 30)
        candidates.push({ weekday: p.weekday, startMin: m, duration });
    }
    const chosen: Slot[] = [];
    for (const c of rng.sample(candidates, candidates.length)) {
      if (chosen.length >= count) break;
      if (chosen.some((x) => x.weekday === c.weekday)) continue;
      if (this.weeklyFree([teacherUserId, ...userIds], c)) {
        chosen.push(c);
        for (const u of [teacherUserId, ...userIds]) this.weekly.set(u, [...(this.weekly.get(u) ?? []), c]);
      }
    }
    return chosen;
  }

  reserveWeekly(userIds: number[], slots: Slot[]): void {
    for (const u of userIds) this.weekly.set(u, [...(this.weekly.get(u) ?? []), ...slots]);
  }

  /** Expands a weekly pattern into studies from `from` to `until` (local days). */
  expand(rng: Rng, pattern: Pattern, patternIdx: number, now: DateTime): void {
    let first = true;
    for (let day = pattern.from.startOf('day'); day <= pattern.until; day = day.plus({ days: 1 })) {
      for (const slot of pattern.slots) {
        if (slot.weekday !== jsWeekday(day)) continue;
        const start = day.set({ hour: Math.floor(slot.startMin / 60), minute: slot.startMin % 60 });
        const past = start < now;
        const single = pattern.studentIds.length === 1;
        const trial = first && pattern.trialFirst;
        const placed = this.tryPlace({
          start,
          end: start.plus({ minutes: slot.duration }),
          typeId: pattern.typeId,
          trial,
          missStatus: past && single && !trial ? missStatus(rng) : 0,
          comment: rng.chance(0.08) ? rng.pick(comments) : null,
          teacherUserId: pattern.teacherUserId,
          studentIds: pattern.studentIds,
          others: [],
          patternIdx,
        });
        if (placed) first = false;
      }
    }
  }

  private weeklyFree(userIds: number[], c: Slot): boolean {
    return userIds.every((u) =>
      (this.weekly.get(u) ?? []).every(
        (x) =>
          x.weekday !== c.weekday ||
          c.startMin + c.duration <= x.startMin ||
          c.startMin >= x.startMin + x.duration,
      ),
    );
  }

  private occupy(userIds: number[], study: PlannedStudy) {
    for (const u of userIds) {
      const list = this.busy.get(u) ?? [];
      list.push([study.start.toMillis(), study.end.toMillis()]);
      this.busy.set(u, list);
    }
  }
}

const comments = [
  'Підготувати зошит і калькулятор',
  'Учень просив повторити дроби',
  'Батьки просять звіт після заняття',
  'Перенесено з минулого тижня',
  'Звернути увагу на вимову',
];

function missStatus(rng: Rng): number {
  const r = rng.next();
  return r < 0.05 ? 1 : r < 0.08 ? 2 : 0;
}

/** Work periods and off periods of every teacher, relative to today. */
export function planTeachers(rng: Rng, people: People, today: DateTime): Map<number, TeacherPlan> {
  const plans = new Map<number, TeacherPlan>();
  people.teacherIds.forEach((userId, i) => {
    let periods: WorkPeriod[];
    let off: TeacherPlan['off'];
    if (i === 0) {
      // teacher@example.com works every day, so "tomorrow" always has a lesson for student@.
      periods = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMin: 9 * 60, duration: 11 * 60 }));
      off = [
        { start: today.minus({ days: 40 }), end: today.minus({ days: 36 }) },
        { start: today.plus({ days: 45 }), end: today.plus({ days: 50 }) },
      ];
    } else if (userId === people.methodologistId) {
      periods = [1, 3, 5].map((weekday) => ({ weekday, startMin: 10 * 60, duration: 8 * 60 }));
      off = [{ start: today.minus({ days: 20 }), end: today.minus({ days: 13 }) }];
    } else {
      const startHour = rng.int(11, 14);
      const duration = rng.pick([300, 360, 420]);
      periods = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMin: startHour * 60, duration }));
      if (rng.chance(0.6)) periods.push({ weekday: 6, startMin: 10 * 60, duration: 240 });
      const pastOff = today.minus({ days: rng.int(25, 55) });
      off = [{ start: pastOff, end: pastOff.plus({ days: rng.int(3, 8) }) }];
      if (i % 2 === 0) {
        const futureOff = today.plus({ days: rng.int(15, 40) });
        off.push({ start: futureOff, end: futureOff.plus({ days: rng.int(2, 7) }) });
      }
    }
    plans.set(userId, {
      userId,
      roleId: userId === people.methodologistId ? ROLE.methodologist : ROLE.teacher,
      periods,
      off,
    });
  });
  return plans;
}

/** Weekly patterns: who learns with whom, when, from which day. */
export function planPatterns(rng: Rng, people: People, tt: Timetable, today: DateTime): Pattern[] {
  const horizon = today.plus({ days: 60 });
  const from = today.minus({ days: 60 });
  const [demoTeacher] = people.teacherIds;
  const others = people.teacherIds.filter((id) => id !== demoTeacher && id !== people.methodologistId);
  const st = people.students.map((s) => s.id);
  const patterns: Pattern[] = [];
  const base = { from, until: horizon, trialFirst: false, typeId: STUDY_TYPE.individual };

  // student@example.com: tomorrow at 15:00 and three days later at 16:00, every week, with teacher@.
  const demoSlots = [
    { weekday: jsWeekday(today.plus({ days: 1 })), startMin: 15 * 60, duration: 60 },
    { weekday: jsWeekday(today.plus({ days: 4 })), startMin: 16 * 60, duration: 60 },
  ];
  tt.reserveWeekly([demoTeacher, st[0]], demoSlots);
  patterns.push({ ...base, teacherUserId: demoTeacher, studentIds: [st[0]], slots: demoSlots });
  // Its sibling: with teacher@ on another day, and with a second teacher.
  const siblingSlots = [{ weekday: jsWeekday(today.plus({ days: 2 })), startMin: 17 * 60, duration: 45 }];
  tt.reserveWeekly([demoTeacher, st[1]], siblingSlots);
  patterns.push({ ...base, teacherUserId: demoTeacher, studentIds: [st[1]], slots: siblingSlots });
  patterns.push({
    ...base,
    teacherUserId: others[0],
    studentIds: [st[1]],
    slots: tt.pickSlots(rng, others[0], [st[1]], 1, 60),
  });

  // A group of three and a pair.
  const group = st.slice(10, 13);
  patterns.push({
    ...base,
    teacherUserId: others[2],
    studentIds: group,
    typeId: STUDY_TYPE.group,
    slots: tt.pickSlots(rng, others[2], group, 1, 90),
  });
  const pair = st.slice(20, 22);
  patterns.push({
    ...base,
    teacherUserId: others[3],
    studentIds: pair,
    typeId: STUDY_TYPE.pair,
    slots: tt.pickSlots(rng, others[3], pair, 2, 60),
  });

  // The methodologist teaches a few students too.
  for (const s of st.slice(30, 33)) {
    patterns.push({
      ...base,
      teacherUserId: people.methodologistId,
      studentIds: [s],
      slots: tt.pickSlots(rng, people.methodologistId, [s], 1, 60),
    });
  }

  // Everybody else: one or two lessons a week; some joined recently and started with a trial.
  const inactive = new Set(people.students.slice(-2).map((s) => s.id));
  st.forEach((s, i) => {
    if (i < 2 || (i >= 10 && i < 13) || (i >= 20 && i < 22) || (i >= 30 && i < 33) || (i >= 35 && i < 38))
      return;
    const teacher = i % 7 === 0 ? demoTeacher : rng.pick(others);
    const late = rng.chance(0.25);
    const slots = tt.pickSlots(rng, teacher, [s], rng.chance(0.35) ? 2 : 1, rng.pick([60, 60, 60, 45, 90]));
    if (slots.length === 0) return;
    patterns.push({
      ...base,
      teacherUserId: teacher,
      studentIds: [s],
      slots,
      from: late ? today.minus({ days: rng.int(3, 35) }) : from,
      until: inactive.has(s) ? today.minus({ days: rng.int(10, 30) }) : horizon,
      trialFirst: late,
    });
  });
  return patterns;
}

/** Lone trial lessons (students 36-38, no contract yet) and a slot reserved by a manager. */
export function placeExtras(rng: Rng, people: People, tt: Timetable, today: DateTime): void {
  const others = people.teacherIds.filter(
    (id) => id !== people.teacherIds[0] && id !== people.methodologistId,
  );
  people.students.slice(35, 38).forEach((s, i) => {
    const offsets = [-5, 3, 6];
    for (let tries = 0; tries < 40; tries++) {
      const teacher = rng.pick(others);
      const start = today
        .plus({ days: offsets[i] + Math.floor(tries / 10) })
        .set({ hour: rng.int(10, 18), minute: rng.pick([0, 30]) });
      const placed = tt.tryPlace({
        start,
        end: start.plus({ minutes: 60 }),
        typeId: STUDY_TYPE.trial,
        trial: true,
        missStatus: 0,
        comment: 'Пробне заняття',
        teacherUserId: teacher,
        studentIds: [s.id],
        others: [],
        patternIdx: null,
      });
      if (placed) break;
    }
  });
  const [teacher] = people.teacherIds;
  for (let h = 9; h < 19; h++) {
    const start = today.plus({ days: 7 }).set({ hour: h });
    const placed = tt.tryPlace({
      start,
      end: start.plus({ minutes: 60 }),
      typeId: STUDY_TYPE.consultation,
      trial: false,
      missStatus: 0,
      comment: 'Резерв для нового учня',
      teacherUserId: teacher,
      studentIds: [],
      others: [{ userId: people.managerIds[0], roleId: ROLE.manager }],
      patternIdx: null,
    });
    if (placed) break;
  }
}
