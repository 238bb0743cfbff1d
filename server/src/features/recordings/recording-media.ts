import { randomUUID } from 'node:crypto';

/** Video MIME types by file extension, for containers ffprobe names with several extensions. */
const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  ogv: 'video/ogg',
};

/** ffprobe's format_name → the type when the extension does not fit the container. */
const BY_FORMAT: Array<[RegExp, string, string[]]> = [
  [/mp4|mov/, 'video/mp4', ['mp4', 'm4v', 'mov', '3gp']],
  [/matroska|webm/, 'video/webm', ['webm', 'mkv']],
  [/^avi$/, 'video/x-msvideo', ['avi']],
  [/^asf$/, 'video/x-ms-wmv', ['wmv']],
  [/^flv$/, 'video/x-flv', ['flv']],
  [/^ogg$/, 'video/ogg', ['ogv']],
];

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * The Content-Type a stored recording is served with: what the file is (ffprobe's container),
 * refined by the extension only where the container allows it (a .mov is QuickTime, an .mp4
 * renamed .avi is still MP4).
 */
export function videoMimeType(formatName: string | null, fileName: string): string {
  const ext = extensionOf(fileName);
  const match = BY_FORMAT.find(([re]) => re.test(formatName ?? ''));
  if (!match) return BY_EXTENSION[ext] ?? 'application/octet-stream';
  const [, fallback, extensions] = match;
  return extensions.includes(ext) ? BY_EXTENSION[ext]! : fallback;
}

/** `recordings/<study>/<uuid>.<ext>`: unique, never derived from the user's file name beyond a safe extension. */
export function recordingStorageKey(studyId: number, fileName: string): string {
  const ext = extensionOf(fileName);
  return `recordings/${studyId}/${randomUUID()}${/^[a-z0-9]{1,5}$/.test(ext) ? `.${ext}` : ''}`;
}
