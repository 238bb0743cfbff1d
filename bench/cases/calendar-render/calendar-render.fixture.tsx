import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { resources } from '@school/shared/i18n';
import {
  hourRange,
  mapStudiesToEvents,
  type CalendarEventData,
  type CalendarStudy,
} from '@school/shared/ui/calendar';
import { StudyCalendar } from '@school/shared/ui/calendar/react';

/**
 * Bench page: the shared StudyCalendar in a week view. `window.renderStudies(n)` maps n synthetic
 * studies and hands them to the calendar, then resolves with the milliseconds from "data ready"
 * (the API answer in memory) to FullCalendar's eventsSet plus the next animation frame.
 */
const WEEK_START = Date.UTC(2026, 10, 23, 6, 0); // Monday 08:00 in Kyiv (UTC+2)

function studies(n: number, seed: number): CalendarStudy[] {
  return Array.from({ length: n }, (_, i) => {
    const day = i % 7;
    const slot = Math.floor(i / 7) % 24;
    const start = WEEK_START + day * 86_400_000 + slot * 30 * 60_000;
    return {
      id: seed * 10_000 + i,
      start: new Date(start).toISOString(),
      end: new Date(start + 60 * 60_000).toISOString(),
      type_id: 1,
      trial: i % 17 === 0,
      comment: i % 5 === 0 ? 'note' : null,
      miss_status: 0,
      isPaid: i % 3 !== 0,
      isLast: i % 11 === 0,
      isBonus: false,
      isNoReport: false,
      recordings_count: 1,
      users: [
        {
          id: 1,
          firstname: 'Тарас',
          surname: 'Шевчук',
          patronymic: 'Іванович',
          full_name: 'Шевчук Тарас Іванович',
          pivot: { role_id: 3 },
        },
        {
          id: 100 + (i % 40),
          firstname: 'Учень',
          surname: `Номер${i % 40}`,
          patronymic: null,
          full_name: `Номер${i % 40} Учень`,
          classes: [{ id: 1, number: 1 + (i % 11) }],
          pivot: { role_id: 4, subscription_id: i % 13 === 0 ? null : 1 },
        },
      ],
    };
  });
}

/** The Ukrainian texts the app shows (markers, "Time Reserved"), not the keys: the same lines to lay out. */
const t = (key: string): string => {
  const text = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      resources.uk.translation,
    );
  return typeof text === 'string' ? text : key;
};
let resolveRender: (() => void) | null = null;
let shown = 0;
let setEventsOutside: ((events: CalendarEventData[]) => void) | null = null;

function Bench() {
  const [events, setEvents] = useState<CalendarEventData[]>([]);
  const ready = useRef(false);
  useEffect(() => {
    setEventsOutside = setEvents;
  }, []);
  return (
    <StudyCalendar
      events={events}
      initialView="timeGridWeek"
      initialDate={WEEK_START}
      language="uk"
      t={t}
      hourRange={hourRange([{ start: WEEK_START, end: WEEK_START + 13 * 3_600_000 }])}
      showAllDay
      onDatesSet={() => {
        if (!ready.current)
          (window as unknown as { calendarReady: boolean }).calendarReady = ready.current = true;
      }}
      onEventsSet={() => resolveRender?.()}
    />
  );
}

async function renderStudies(
  n: number,
  seed: number,
): Promise<{ mapMs: number; renderMs: number; totalMs: number; drawn: number }> {
  const data = studies(n, seed);
  // Start from an empty calendar (a user was just picked): the old events' teardown is not timed.
  if (shown > 0) {
    await new Promise<void>((resolve) => {
      resolveRender = resolve;
      flushSync(() => setEventsOutside?.([]));
    });
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  }
  const t0 = performance.now();
  const events = mapStudiesToEvents(data, { audience: 'staff', now: WEEK_START, t });
  const t1 = performance.now();
  await new Promise<void>((resolve) => {
    resolveRender = resolve;
    flushSync(() => setEventsOutside?.(events));
  });
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  const t2 = performance.now();
  resolveRender = null;
  shown = events.length;
  return {
    mapMs: t1 - t0,
    renderMs: t2 - t1,
    totalMs: t2 - t0,
    drawn: document.querySelectorAll('.fc-timegrid-event').length,
  };
}

Object.assign(window, { renderStudies });
createRoot(document.getElementById('root')!).render(<Bench />);
