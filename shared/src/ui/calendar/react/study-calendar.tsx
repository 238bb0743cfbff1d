import type { DatesSetArg, EventClickArg, EventContentArg, EventInput, PluginDef } from '@fullcalendar/core';
import ruLocale from '@fullcalendar/core/locales/ru';
import ukLocale from '@fullcalendar/core/locales/uk';
import dayGridPlugin from '@fullcalendar/daygrid';
import type { DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useImperativeHandle, useMemo, useRef, type CSSProperties, type Ref } from 'react';
import type { CalendarEventData, CalendarTranslate, StudyEventProps } from '../calendar-event.types';
import {
  CALENDAR_FIRST_DAY,
  CALENDAR_TIME_ZONE,
  TIME_CELL_HEIGHT,
  type CalendarViewType,
} from '../calendar-options';
import type { HourRange } from '../calendar-metrics';
import { studyEventNodes } from './study-event-content';
import { hourMinuteRange, zoneClockPlugin } from './zone-clock-plugin';
import './study-calendar.css';

/** What the page's own toolbar drives: FullCalendar's header is off, the app draws its own. */
export interface StudyCalendarHandle {
  prev(): void;
  next(): void;
  today(): void;
  changeView(view: CalendarViewType): void;
}

export interface VisibleRange {
  /** What the grid shows (a month view also shows days of the months around). */
  start: number;
  end: number;
  /** The period the view is about: the week, the day, the month itself. */
  currentStart: number;
  currentEnd: number;
  viewType: CalendarViewType;
  title: string;
}

export interface StudyCalendarProps {
  events: readonly CalendarEventData[];
  initialView: CalendarViewType;
  /** The date to open on (epoch ms); today when absent. */
  initialDate?: number;
  language: string;
  t: CalendarTranslate;
  hourRange: HourRange;
  showAllDay: boolean;
  /** Height of one hour in the time grid, px. */
  timeCellHeight?: number;
  handleRef?: Ref<StudyCalendarHandle>;
  onStudyClick?: (studyId: number) => void;
  /** A click on a foreground event that is not a study (a free slot offered for a transfer): its id. */
  onOtherEventClick?: (eventId: string) => void;
  /** A click on the grid (also over background work time): epoch ms of the slot, all-day flag. */
  onDateClick?: (at: number, allDay: boolean) => void;
  /**
   * @fullcalendar/interaction's plugin, which onDateClick needs. Callers that take date clicks pass
   * it; the family app takes none and so leaves the plugin (~10 KiB gzipped) out of its bundle.
   */
  interactionPlugin?: PluginDef;
  onDatesSet?: (range: VisibleRange) => void;
  /** After FullCalendar has rendered a new set of events (used for timings). */
  onEventsSet?: () => void;
  onEditStudy?: (studyId: number) => void;
  editLabel?: string;
}

const LOCALES = { uk: ukLocale, ru: ruLocale } as const;
// zoneClockPlugin gives FullCalendar the named time zone (Intl, cached; see zone-clock-plugin.ts).
const PLUGINS: PluginDef[] = [zoneClockPlugin, dayGridPlugin, timeGridPlugin];

/**
 * The studies calendar (FullCalendar v6, Europe/Kyiv, weeks from Monday, hours that
 * follow the events, 1-hour slots of TIME_CELL_HEIGHT px). It only renders: data, permissions
 * and navigation stay with the page.
 */
export function StudyCalendar(props: StudyCalendarProps) {
  const {
    events,
    t,
    onStudyClick,
    onDateClick,
    onDatesSet,
    onEditStudy,
    editLabel,
    onEventsSet,
    onOtherEventClick,
  } = props;
  const calendarRef = useRef<FullCalendar>(null);
  const interaction = props.interactionPlugin;
  const plugins = useMemo(() => (interaction ? [...PLUGINS, interaction] : PLUGINS), [interaction]);

  useImperativeHandle(
    props.handleRef,
    () => ({
      prev: () => calendarRef.current?.getApi().prev(),
      next: () => calendarRef.current?.getApi().next(),
      today: () => calendarRef.current?.getApi().today(),
      changeView: (view) => calendarRef.current?.getApi().changeView(view),
    }),
    [],
  );

  const renderContent = useCallback(
    (arg: EventContentArg) => {
      if (arg.event.display === 'background') return { domNodes: [] };
      // `true` asks FullCalendar for its default body (time and title), e.g. for offered free slots.
      if ((arg.event.extendedProps as Partial<StudyEventProps>).kind !== 'study') return true;
      return { domNodes: studyEventNodes(arg, { t, onEdit: onEditStudy, editLabel }) };
    },
    [t, onEditStudy, editLabel],
  );

  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      const extended = arg.event.extendedProps as Partial<StudyEventProps>;
      if (extended.kind === 'study' && extended.studyId !== undefined) {
        arg.jsEvent.preventDefault();
        onStudyClick?.(extended.studyId);
      } else if (onOtherEventClick && arg.event.display !== 'background') {
        arg.jsEvent.preventDefault();
        onOtherEventClick(arg.event.id);
      }
    },
    [onStudyClick, onOtherEventClick],
  );

  const onDate = useCallback(
    (arg: DateClickArg) => onDateClick?.(arg.date.getTime(), arg.allDay),
    [onDateClick],
  );

  const onDates = useCallback(
    (arg: DatesSetArg) =>
      onDatesSet?.({
        start: arg.start.getTime(),
        end: arg.end.getTime(),
        currentStart: arg.view.currentStart.getTime(),
        currentEnd: arg.view.currentEnd.getTime(),
        viewType: arg.view.type as CalendarViewType,
        title: arg.view.title,
      }),
    [onDatesSet],
  );

  // FullCalendar keeps its own copies: hand it a stable array so unrelated renders cost nothing.
  // Epoch milliseconds: FullCalendar then skips parsing ISO strings with offsets.
  const eventInputs = useMemo(
    () => events.map((e): EventInput => ({ ...e, start: Date.parse(e.start), end: Date.parse(e.end) })),
    [events],
  );
  const style = { '--time-cell-height': `${props.timeCellHeight ?? TIME_CELL_HEIGHT}px` } as CSSProperties;

  return (
    <div className="study-calendar" style={style} data-testid="study-calendar">
      <FullCalendar
        ref={calendarRef}
        plugins={plugins}
        timeZone={CALENDAR_TIME_ZONE}
        locale={LOCALES[props.language as keyof typeof LOCALES] ?? 'en-gb'}
        firstDay={CALENDAR_FIRST_DAY}
        initialView={props.initialView}
        initialDate={props.initialDate}
        headerToolbar={false}
        height="auto"
        allDaySlot={props.showAllDay}
        slotDuration="01:00:00"
        slotLabelInterval="01:00:00"
        slotMinTime={props.hourRange.slotMinTime}
        slotMaxTime={props.hourRange.slotMaxTime}
        slotLabelFormat={hourMinuteRange}
        eventTimeFormat={hourMinuteRange}
        nowIndicator
        dayMaxEvents={4}
        // A week of hundreds of overlapping studies stays readable (and fast): the rest go into "+N".
        eventMaxStack={4}
        // Month cells draw timed studies as coloured blocks too (FullCalendar's default is a dot).
        eventDisplay="block"
        events={eventInputs}
        eventContent={renderContent}
        eventClick={onEventClick}
        dateClick={onDate}
        datesSet={onDates}
        eventsSet={onEventsSet}
      />
    </div>
  );
}
