import {
  BACKGROUND_COLORS,
  hourRange,
  toKyivIso,
  toMillis,
  type CalendarEventData,
  type CalendarStudy,
  type Span,
} from '../calendar';

const SLOT_PREFIX = 'slot-';

/** How each app draws an offered slot: its title and colours (its id, times and kind are fixed here). */
export type SlotLook = (slot: Span) => Omit<CalendarEventData, 'id' | 'start' | 'end' | 'extendedProps'>;

/**
 * The transfer calendar's events, the same in both apps (spec part 1 §5): the teacher's off
 * periods as background, the study being moved, and one event per offered slot, whose id carries
 * its start (`slotStartOf` reads it back when the slot is clicked).
 */
export function transferEvents(
  current: CalendarEventData,
  offPeriods: readonly Span[],
  slots: readonly Span[],
  look: SlotLook,
): CalendarEventData[] {
  return [
    ...offPeriods.map((span, i): CalendarEventData => ({
      id: `off-${i}`,
      title: '',
      start: toKyivIso(span.start),
      end: toKyivIso(span.end),
      display: 'background',
      classNames: ['calendar-bg', 'calendar-bg--off'],
      backgroundColor: BACKGROUND_COLORS.off,
      extendedProps: { kind: 'off' },
    })),
    { ...current, classNames: [...current.classNames, 'transfer-current'] },
    ...slots.map((slot): CalendarEventData => {
      const drawn = look(slot);
      return {
        ...drawn,
        id: `${SLOT_PREFIX}${slot.start}`,
        // The start in the class name lets a test (or a person's tools) address one slot.
        classNames: [...(drawn.classNames ?? []), `transfer-slot--${slot.start}`],
        start: toKyivIso(slot.start),
        end: toKyivIso(slot.end),
        extendedProps: { kind: 'work' },
      };
    }),
  ];
}

/** The start of the offered slot a clicked event stands for; undefined for any other event. */
export function slotStartOf(eventId: string): number | undefined {
  return eventId.startsWith(SLOT_PREFIX) ? Number(eventId.slice(SLOT_PREFIX.length)) : undefined;
}

/** The hours the transfer calendar shows: the offered slots and the study itself within the shown range. */
export function transferHours(
  slots: readonly Span[],
  study: CalendarStudy,
  range: { start: number; end: number } | null | undefined,
) {
  return hourRange(
    [...slots, { start: toMillis(study.start), end: toMillis(study.end) }].filter(
      (s) => !range || (s.start < range.end && s.end > range.start),
    ),
  );
}
