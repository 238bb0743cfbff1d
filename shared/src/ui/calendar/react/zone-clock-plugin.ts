import { createPlugin, type FormatterInput, type PluginDef } from '@fullcalendar/core';
import { NamedTimeZoneImpl, type VerboseFormattingArg } from '@fullcalendar/core/internal';
import { zoneClock, type ZoneClock } from '../zone-clock';

/**
 * FullCalendar's named time zones (`timeZone: 'Europe/Kyiv'`) through the cached zone clock, on
 * Intl: the answers of @fullcalendar/luxon3 without luxon (which would cost the family route ~21 KiB
 * gzipped). FullCalendar asks it for every event date: epoch ms to the zone's wall clock, and the
 * offset of a wall-clock time (slots, clicks). The calendars pass no formatting strings, so
 * nothing else of luxon3 is needed.
 */
class ZoneClockTimeZone extends NamedTimeZoneImpl {
  private readonly clock: ZoneClock = zoneClock(this.timeZoneName);

  offsetForArray(a: number[]): number {
    return this.clock.offsetForWall(a);
  }

  timestampToArray(ms: number): number[] {
    return this.clock.wallArray(ms);
  }
}

export const zoneClockPlugin: PluginDef = createPlugin({
  name: 'school-zone-clock',
  namedTimeZonedImpl: ZoneClockTimeZone,
});

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * "10:00 - 11:00" for an event, "10:00" for a slot label, written out instead of FullCalendar's
 * native formatter: that one builds two Intl.DateTimeFormat objects for every range it formats
 * and one per slot label on every render (≈ 40% of drawing a busy week). The markers are already
 * wall-clock times of the calendar's zone.
 */
export const hourMinuteRange: FormatterInput = (arg: VerboseFormattingArg) => {
  const start = `${pad2(arg.start.hour)}:${pad2(arg.start.minute)}`;
  if (!arg.end) return start;
  const end = `${pad2(arg.end.hour)}:${pad2(arg.end.minute)}`;
  return end === start ? start : `${start}${arg.defaultSeparator}${end}`;
};
