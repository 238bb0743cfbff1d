import { CALENDAR } from '@school/shared/domain';
import { toKyivIso, toMillis, type Instant, type Span } from '../../rules/calendar-window';
import { offeredSlots } from '../../rules/offered-slots';
import { formLinkPath } from '../resource-form';

/**
 * The free teacher slot under a click (spec part 1 §2: clicking a free work slot opens study
 * creation with a 60-minute study). The slot grid is the shared rule's (docs/domain-rules.md):
 * each free gap (work time minus studies minus off periods) is cut into 60-minute slots from its
 * own start, so the calendar offers exactly the slots the free-slot endpoint would.
 */
export interface FreeSlotInput {
  workPeriods: readonly Span[];
  studies: readonly Span[];
  offPeriods: readonly Span[];
  /** Minutes; defaults to the new-study length (60). */
  duration?: number;
}

export function freeSlotAt(clicked: Instant, input: FreeSlotInput): Span | null {
  const at = toMillis(clicked);
  const duration = input.duration ?? CALENDAR.newStudySlotMinutes;
  const day = 86_400_000;
  // The offered-slot rule the server's free slots use (rules/offered-slots), around the click.
  const time = {
    workTime: [...input.workPeriods],
    offPeriods: [...input.offPeriods],
    busy: [...input.studies],
  };
  const slots = offeredSlots(time, { start: at - day, end: at + day }, duration);
  return slots.find((slot) => slot.start <= at && at < slot.end) ?? null;
}

/**
 * The study form for a free slot, as the studies page's deep link (spec part 1 §2 query
 * conventions): `/admin/studies?create&start=<Kyiv ISO>&end=<start + 60 min>&duration=60&trial=1
 * &users[]=<teacher>`, each parameter named after the form field it presets.
 */
export function studyCreationPath(
  start: Instant,
  teacherId: number,
  duration: number = CALENDAR.newStudySlotMinutes,
): string {
  const at = toMillis(start);
  return formLinkPath('/admin/studies', {
    mode: 'create',
    presets: {
      start: toKyivIso(at),
      end: toKyivIso(at + duration * 60_000),
      duration,
      trial: true,
      users: [teacherId],
    },
  });
}
