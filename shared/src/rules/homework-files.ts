import { HOMEWORK_MAX_BYTES, HOMEWORK_MAX_KB } from '../domain/constants';

/**
 * Homework files (spec part 2 §5: at most 8192 KB each; "any document or image type the school
 * uses"). The list is ours (docs/domain-rules.md, "Homework files"): documents and images a
 * school exchanges, nothing a computer runs. The server checks each file's content against the
 * signature its extension promises (a program renamed to .pdf is refused); clients use the list
 * for the file picker's `accept` and to refuse early.
 */

/** How the content of a type is recognised (server/src/features/study-tasks/homework-file.sniff.ts). */
export type HomeworkSignature =
  'pdf' | 'ole' | 'ooxml' | 'odf' | 'zip' | 'rtf' | 'text' | 'jpeg' | 'png' | 'gif' | 'webp' | 'heic';

export interface HomeworkFileType {
  /** The MIME type stored and sent on download, whatever the browser claimed. */
  mime: string;
  signature: HomeworkSignature;
}

export const HOMEWORK_FILE_TYPES: Readonly<Record<string, HomeworkFileType>> = {
  pdf: { mime: 'application/pdf', signature: 'pdf' },
  doc: { mime: 'application/msword', signature: 'ole' },
  xls: { mime: 'application/vnd.ms-excel', signature: 'ole' },
  ppt: { mime: 'application/vnd.ms-powerpoint', signature: 'ole' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    signature: 'ooxml',
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', signature: 'ooxml' },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    signature: 'ooxml',
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', signature: 'odf' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', signature: 'odf' },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', signature: 'odf' },
  rtf: { mime: 'application/rtf', signature: 'rtf' },
  txt: { mime: 'text/plain', signature: 'text' },
  csv: { mime: 'text/csv', signature: 'text' },
  jpg: { mime: 'image/jpeg', signature: 'jpeg' },
  jpeg: { mime: 'image/jpeg', signature: 'jpeg' },
  png: { mime: 'image/png', signature: 'png' },
  gif: { mime: 'image/gif', signature: 'gif' },
  webp: { mime: 'image/webp', signature: 'webp' },
  heic: { mime: 'image/heic', signature: 'heic' },
  heif: { mime: 'image/heif', signature: 'heic' },
  zip: { mime: 'application/zip', signature: 'zip' },
};

/**
 * Names inside a .zip (or an Office file) that a computer would run: such an archive is refused.
 * Not `.bin`: Word and Excel files keep embedded objects as `.bin` parts.
 */
export const HOMEWORK_ARCHIVE_REFUSED_EXTENSIONS: readonly string[] = [
  'exe',
  'com',
  'bat',
  'cmd',
  'scr',
  'pif',
  'msi',
  'msp',
  'msix',
  'appx',
  'dll',
  'cpl',
  'sys',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'ps1',
  'psm1',
  'hta',
  'jar',
  'apk',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'sh',
  'run',
  'lnk',
  'reg',
  'scf',
  'url',
  'inf',
  'iso',
  'img',
];

export const HOMEWORK = {
  maxKb: HOMEWORK_MAX_KB,
  maxBytes: HOMEWORK_MAX_BYTES,
  /** Files in one upload request. */
  maxFiles: 10,
  /** Characters of a stored file name. */
  maxNameLength: 255,
  /** The multipart field names of the files, as the spec's clients send them. */
  fields: ['study_task', 'study_task[]'],
} as const;

/** The file picker's `accept` attribute: every allowed extension. */
export const HOMEWORK_ACCEPT = Object.keys(HOMEWORK_FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** The lower-case extension of a file name ('' without one). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The type a homework file's name promises, or null when the extension is not accepted. */
export function homeworkTypeOf(name: string): HomeworkFileType | null {
  return HOMEWORK_FILE_TYPES[fileExtension(name)] ?? null;
}

/**
 * The name to store: the last path segment (old browsers send `C:\fakepath\x.pdf`), without
 * control characters, trimmed. Empty when nothing is left.
 */
export function homeworkFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
