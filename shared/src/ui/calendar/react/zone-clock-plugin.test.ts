import type { VerboseFormattingArg } from '@fullcalendar/core/internal';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { hourMinuteRange, zoneClockPlugin } from './zone-clock-plugin';
import { TIME_ZONE } from '@school/shared/domain';

const at = (hour: number, minute: number) => ({ hour, minute }) as VerboseFormattingArg['start'];

describe('FullCalendar time zone and time text', () => {
  it('converts like luxon does (the time zone FullCalendar asks the plugin for)', () => {
    const Zone = zoneClockPlugin.namedTimeZonedImpl!;
    const zone = new Zone(TIME_ZONE);
    const ms = Date.UTC(2026, 6, 5, 8, 30);
    expect(zone.timestampToArray(ms)).toEqual([2026, 6, 5, 11, 30, 0, 0]);
    expect(zone.offsetForArray([2026, 0, 5, 10, 0, 0, 0])).toBe(
      DateTime.fromObject({ year: 2026, month: 1, day: 5, hour: 10 }, { zone: TIME_ZONE }).offset,
    );
  });

  it('writes an event’s time as HH:mm - HH:mm', () => {
    const format = hourMinuteRange as (arg: VerboseFormattingArg) => string;
    expect(format({ start: at(9, 5), end: at(10, 0), defaultSeparator: ' - ' } as VerboseFormattingArg)).toBe(
      '09:05 - 10:00',
    );
    expect(
      format({ start: at(9, 5), end: null, defaultSeparator: ' - ' } as unknown as VerboseFormattingArg),
    ).toBe('09:05');
    expect(format({ start: at(9, 5), end: at(9, 5), defaultSeparator: ' - ' } as VerboseFormattingArg)).toBe(
      '09:05',
    );
  });
});
