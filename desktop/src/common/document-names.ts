/** The MIME type of the contracts and invoices the server generates (spec part 2 §2, §7). */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const DOCX = '.docx';
const RESERVED = /[<>:"/\\|?*]/g;
/** Control characters (U+0000–U+001F, U+007F) are invalid or invisible in file names everywhere. */
const stripControl = (text: string) =>
  Array.from(text, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '_' : c)).join('');
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A file name safe on every OS from the renderer's suggestion ("contract No 12", localized):
 * no separators or reserved characters, no trailing dots, no device names, always .docx.
 * Used by main's save dialog and by the browser's download fallback alike.
 */
export function sanitizeDocumentName(suggested: string): string {
  let stem = stripControl(suggested).replace(RESERVED, '_').replace(/\s+/g, ' ').trim();
  const extension = documentKindOf(stem).extension;
  if (stem.toLowerCase().endsWith(extension)) stem = stem.slice(0, -extension.length);
  stem = stem.replace(/[. ]+$/, '').slice(0, 150) || 'document';
  if (WINDOWS_DEVICE.test(stem)) stem = `_${stem}`;
  return `${stem}${extension}`;
}

/**
 * A CSV table export (the analytics page) and an Excel workbook (an import's error report) keep
 * their extension; anything else is a Word document.
 */
const CSV = {
  extension: '.csv',
  mime: 'text/csv;charset=utf-8',
  filter: { name: 'CSV', extensions: ['csv'] },
} as const;
const XLSX = {
  extension: '.xlsx',
  mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  filter: { name: 'Excel', extensions: ['xlsx'] },
} as const;
const WORD = { extension: DOCX, mime: DOCX_MIME, filter: { name: 'Word', extensions: ['docx'] } } as const;

export type DocumentKind = typeof CSV | typeof XLSX | typeof WORD;

/** What a suggested name saves as: its extension, MIME type and save dialog filter. */
export function documentKindOf(name: string): DocumentKind {
  const lower = name.trim().toLowerCase();
  return [CSV, XLSX].find((kind) => lower.endsWith(kind.extension)) ?? WORD;
}
