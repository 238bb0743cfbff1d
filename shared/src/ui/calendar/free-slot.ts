import { CALENDAR } from '@school/shared/domain';
import { toMillis, type Instant, type Span } from '../../rules/calendar-window';
import { freeSlots } from '../../rules/work-slots';

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
  const slots = freeSlots({
    workPeriods: input.workPeriods,
    studies: input.studies,
    offPeriods: input.offPeriods,
    duration,
    from: at - day,
    to: at + day,
  });
  return slots.find((slot) => slot.start <= at && at < slot.end) ?? null;
}

/** /admin/studies?create&start=<ISO>&duration=60&trial=1 (spec part 1 §2 query conventions). */
export function studyCreationPath(startIso: string, duration: number = CALENDAR.newStudySlotMinutes): string {
  const query = new URLSearchParams({ start: startIso, duration: String(duration), trial: '1' });
  return `/admin/studies?create&${query.toString()}`;
}
