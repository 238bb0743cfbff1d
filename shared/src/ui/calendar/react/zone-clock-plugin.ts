import { createPlugin, type FormatterInput, type PluginDef } from '@fullcalendar/core';
import { NamedTimeZoneImpl, type VerboseFormattingArg } from '@fullcalendar/core/internal';
import { zoneClock, type ZoneClock } from '../zone-clock';

/**
 * FullCalendar's named time zones through the cached zone clock (same answers as
 * @fullcalendar/luxon3, whose implementation asks luxon, and so Intl, twice per event date).
 * Listed after luxon3 in the plugins, it replaces luxon3's time zone implementation; luxon3 stays
 * for its formatting strings.
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
