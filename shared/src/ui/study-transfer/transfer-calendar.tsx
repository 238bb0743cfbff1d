import type { Ref } from 'react';
import {
  CALENDAR_VIEWS,
  TRANSFER_TIME_CELL_HEIGHT,
  type CalendarEventData,
  type CalendarTranslate,
  type HourRange,
} from '../calendar';
import { StudyCalendar, type StudyCalendarHandle, type VisibleRange } from '../calendar/react';
import { slotStartOf } from './transfer-events';

export interface TransferCalendarProps {
  handleRef: Ref<StudyCalendarHandle>;
  events: readonly CalendarEventData[];
  hours: HourRange;
  /** The window's first day: the week shown first. */
  initialDate: number;
  language: string;
  t: CalendarTranslate;
  onDatesSet: (range: VisibleRange) => void;
  /** An offered slot was clicked: its start. */
  onPick: (start: number) => void;
}

/**
 * The transfer calendar of both apps (spec part 1 §5: week view, cells of 50 px, no all-day row):
 * the events of transferEvents, a click on a slot reported by its start. Each app draws its own
 * frame around it (dialog, page, toolbar).
 */
export function TransferCalendar({ onPick, hours, ...props }: TransferCalendarProps) {
  return (
    <StudyCalendar
      {...props}
      initialView={CALENDAR_VIEWS.week}
      hourRange={hours}
      showAllDay={false}
      timeCellHeight={TRANSFER_TIME_CELL_HEIGHT}
      onOtherEventClick={(eventId) => {
        const start = slotStartOf(eventId);
        if (start !== undefined) onPick(start);
      }}
    />
  );
}
