import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc, unfoldLines } from './ical-format.js';

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every newline form', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('foldLine', () => {
  it('leaves short lines alone', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolds back', () => {
    const line = `SUMMARY:${'Індивідуальне заняття, Шевченко Тарас Григорович; '.repeat(4)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const p of physical) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
    physical.slice(1).forEach((p) => expect(p.startsWith(' ')).toBe(true));
    expect(physical.join('').includes('\uFFFD')).toBe(false);
    expect(unfoldLines(folded)).toEqual([line]);
  });

  it('folds ASCII exactly at 75', () => {
    const folded = foldLine('X'.repeat(200)).split('\r\n');
    expect(folded.map((p) => p.length)).toEqual([75, 75, 52]); // 75 + (1 + 74) + (1 + 51);
  });
});

describe('buildCalendar', () => {
  const text = buildCalendar({
    prodId: '-//School//Feed//EN',
    name: 'Тарас, уроки',
    refreshInterval: 'PT1H',
    events: [
      {
        uid: 'study-7@school',
        start: new Date('2026-03-01T13:00:00.000Z'),
        end: new Date('2026-03-01T14:00:00.000Z'),
        summary: 'Individual: Ann, Bob',
        sequence: 3,
        lastModified: new Date('2026-02-01T10:11:12.345Z'),
      },
    ],
  });

  it('uses CRLF everywhere and ends with one', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes the event in UTC with its revision', () => {
    const lines = unfoldLines(text);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:study-7@school',
        'DTSTART:20260301T130000Z',
        'DTEND:20260301T140000Z',
        'SEQUENCE:3',
        'LAST-MODIFIED:20260201T101112Z',
        'SUMMARY:Individual: Ann\\, Bob',
        'X-WR-CALNAME:Тарас\\, уроки',
      ]),
    );
  });

  it('formats UTC without milliseconds', () => {
    expect(formatUtc(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });
});
