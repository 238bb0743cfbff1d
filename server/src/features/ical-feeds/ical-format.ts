/**
 * RFC 5545 text: CRLF line ends, content lines folded at 75 octets (never inside a UTF-8
 * character: names here are mostly Cyrillic, two octets a letter), TEXT values escaped.
 * Pure functions, no I/O.
 */

export interface IcalEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** Bumped on every change, so calendar apps replace their copy of a moved lesson. */
  sequence: number;
  lastModified: Date;
}

export interface IcalCalendar {
  prodId: string;
  name: string;
  /** How often clients that honour it should refetch, e.g. 'PT1H'. */
  refreshInterval: string;
  events: IcalEvent[];
}

const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line (RFC 5545 §3.1): 75 octets, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The continuation's leading space counts toward its 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Reverses folding: what a calendar app does before reading the lines. */
export function unfoldLines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

/** UTC date-time form, e.g. 20260301T130000Z. */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function buildCalendar(cal: IcalCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${cal.prodId}`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${cal.refreshInterval}`,
    `X-PUBLISHED-TTL:${cal.refreshInterval}`,
  ];
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      // No METHOD in the object, so DTSTAMP is the last revision (§3.8.7.2), which also keeps
      // the feed byte-identical between fetches when nothing changed.
      `DTSTAMP:${formatUtc(e.lastModified)}`,
      `LAST-MODIFIED:${formatUtc(e.lastModified)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART:${formatUtc(e.start)}`,
      `DTEND:${formatUtc(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
