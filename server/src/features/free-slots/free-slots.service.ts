import type { Knex } from 'knex';
import { CALENDAR } from '@school/shared/domain';
import { movesByTransfer } from '@school/shared/permissions';
import {
  inKyiv,
  kyivDayStart,
  MINUTE_MS,
  nextTemplateStart,
  offeredSlots,
  slotTeacherIds,
  transferPackageId,
  transferWindow,
  type Span,
  type TemplateSlot,
} from '@school/shared/rules';
import { errors } from '../../platform/http/app-error.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { loadSlotTime, type SchedulingRepository, type StudiesRepository } from '../scheduling-core/index.js';
import { refusal } from '../../platform/http/refusal.errors.js';
import { gateStudy } from '../scheduling-core/index.js';

/**
 * Free teacher slots (transfer calendar, free-slot clicks) and the next study date of a package
 * ("move to the end of the subscription"). Rules: docs/domain-rules.md, "Scheduling and transfer".
 */

/**
 * Longest window one slot request may cover: the calendar's whole work-period window (60 days
 * back and 60 ahead, spec part 1 §4) plus a day of margin each side, in one call.
 */
export const MAX_SLOT_WINDOW_DAYS = 122;
/** How far past a package's last study the next date is looked for. */
const NEXT_DATE_HORIZON_DAYS = 120;

export interface SlotQuery {
  from?: number;
  to?: number;
  duration?: number;
}

export interface FreeSlotsDeps {
  knex: Knex;
  slots: SchedulingRepository;
  studies: StudiesRepository;
  now?: () => number;
}

const iso = (s: Span) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() });

function checkWindow(from: number, to: number): void {
  if (!(to > from) || to - from > MAX_SLOT_WINDOW_DAYS * 86_400_000) {
    throw refusal('to', 'invalid_range', 'scheduling.free_slots.range', { days: MAX_SLOT_WINDOW_DAYS });
  }
}

export function createFreeSlotsService(deps: FreeSlotsDeps) {
  const now = deps.now ?? Date.now;
  const { knex, slots } = deps;

  async function slotsFor(
    teacherIds: readonly number[],
    busyUserIds: readonly number[],
    window: Span,
    duration: number,
    exceptStudyId?: number,
  ) {
    checkWindow(window.start, window.end);
    const time = await loadSlotTime(slots, knex, { teacherIds, busyUserIds, window, exceptStudyId });
    return offeredSlots(time, window, duration).map(iso);
  }

  return {
    /**
     * Free slots for moving one study: its teacher's working time minus the studies of all its
     * participants (the study itself not counted) and the off periods. A Responsible only ever gets
     * slots inside the transfer window (tomorrow … last study of the package + 4 days).
     */
    async forStudy(auth: AuthState, studyId: number, q: SlotQuery) {
      const { row: study } = await gateStudy(deps.studies, knex, auth, studyId);
      const teacherIds = slotTeacherIds(study.participants);
      const ownDuration = Math.round((study.end.getTime() - study.start.getTime()) / MINUTE_MS);
      // A transfer keeps the study's length, and the server accepts only this grid: a parent is
      // never offered slots of another length (they would be refused).
      const duration = movesByTransfer(auth.roleId) ? ownDuration : (q.duration ?? ownDuration);
      let window: Span = { start: q.from ?? kyivDayStart(now(), 1), end: 0 };
      window.end = q.to ?? inKyiv(window.start).plus({ days: 7 }).toMillis();
      if (movesByTransfer(auth.roleId)) {
        const subscriptionId = transferPackageId(study.participants);
        const last = subscriptionId === null ? null : await slots.lastStudyStartOf(knex, subscriptionId);
        const allowed = transferWindow(now(), last, study.start);
        window = { start: Math.max(window.start, allowed.start), end: Math.min(window.end, allowed.end) };
        if (window.end <= window.start) return [];
      }
      if (teacherIds.length === 0) return [];
      return slotsFor(
        teacherIds,
        study.participants.map((p) => p.user_id),
        window,
        duration,
        study.id,
      );
    },

    /**
     * Free slots of one teacher (a free-slot click opens study creation with start and duration):
     * for whoever may create studies, and for the teacher themself. Free time is also busy time:
     * a family reads its teacher's free time only through a transfer (forStudy), never the week
     * of any teacher (docs/permissions.md, "Free slots").
     */
    async forTeacher(auth: AuthState, teacherId: number, q: SlotQuery) {
      if (!auth.ability.can('create', 'study') && teacherId !== auth.user.id) throw errors.forbidden();
      if (!(await slots.isTeacher(knex, teacherId))) throw errors.notFound();
      const start = q.from ?? kyivDayStart(now(), 0);
      const window = { start, end: q.to ?? inKyiv(start).plus({ days: 7 }).toMillis() };
      return slotsFor([teacherId], [teacherId], window, q.duration ?? CALENDAR.newStudySlotMinutes);
    },

    /**
     * The next free template slot after the package's latest study (spec part 2 §4, §7): the
     * first start, in template order over the following days (Kyiv wall clock), that is later
     * than the latest study, outside the teacher's off periods and clear of the teacher's and the
     * student's studies. A package without a template follows the pattern of its own studies.
     */
    async nextStudyDate(auth: AuthState, subscriptionId: number): Promise<string> {
      if (!auth.ability.can('update', 'subscription')) throw errors.forbidden();
      const sub = await slots.subscription(knex, subscriptionId);
      if (!sub) throw errors.notFound();
      const latest = sub.studies[sub.studies.length - 1];
      if (!latest) throw refusal('subscription', 'no_studies', 'scheduling.next_date.no_studies');
      const template: TemplateSlot[] = sub.template.length > 0 ? sub.template : patternOf(sub.studies);
      const teacherIds = await slots.teachersOf(knex, latest.id);
      const from = latest.start.getTime();
      const to = inKyiv(from)
        .plus({ days: NEXT_DATE_HORIZON_DAYS + 1 })
        .toMillis();
      const time = await loadSlotTime(slots, knex, {
        teacherIds,
        busyUserIds: [...teacherIds, sub.student_id],
        window: { start: from, end: to },
      });
      const next = nextTemplateStart(template, time, from, to);
      if (next !== null) return new Date(next).toISOString();
      throw refusal('subscription', 'not_found', 'scheduling.next_date.not_found');
    },
  };
}

/** Weekday, Kyiv time and duration of each study, once each: the package's de facto template. */
function patternOf(studies: ReadonlyArray<{ start: Date; end: Date }>): TemplateSlot[] {
  const seen = new Map<string, TemplateSlot>();
  for (const s of studies) {
    const local = inKyiv(s.start);
    const slot = {
      weekday: local.weekday % 7,
      start_time: local.toFormat('HH:mm'),
      duration: Math.round((s.end.getTime() - s.start.getTime()) / MINUTE_MS),
    };
    seen.set(`${slot.weekday} ${slot.start_time} ${slot.duration}`, slot);
  }
  return [...seen.values()];
}

export type FreeSlotsService = ReturnType<typeof createFreeSlotsService>;
