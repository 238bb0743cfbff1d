import { RECORDING_MAX_BYTES } from '@school/shared/domain';

/**
 * The recording formats of spec part 1 §5 (MP4, AVI, MOV, WMV, FLV, WebM, MKV, M4V, 3GP, OGV)
 * as file extensions with their MIME types. The MIME type is derived from the extension (what
 * a browser's File.type does too), so the renderer's "type starts with video/" rule holds alike.
 */
export const RECORDING_MIME_BY_EXTENSION = {
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  m4v: 'video/x-m4v',
  '3gp': 'video/3gpp',
  ogv: 'video/ogg',
} as const;

export type RecordingExtension = keyof typeof RECORDING_MIME_BY_EXTENSION;

export const RECORDING_EXTENSIONS = Object.keys(RECORDING_MIME_BY_EXTENSION) as RecordingExtension[];

export { RECORDING_MAX_BYTES };

/** Message keys of spec part 1 §5/§8 a picked file can be flagged with. */
export const RecordingProblem = {
  tooLarge: 'recordings.file_too_large',
  notVideo: 'recordings.file_must_be_video',
} as const;

export type RecordingProblemKey = (typeof RecordingProblem)[keyof typeof RecordingProblem];

/** `accept` of a browser file input: the extensions plus video/* for formats named otherwise. */
export const RECORDING_ACCEPT = ['video/*', ...RECORDING_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** MIME type from the file name's extension; unknown extensions are not videos. */
export function mimeTypeForFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return (RECORDING_MIME_BY_EXTENSION as Record<string, string>)[ext] ?? 'application/octet-stream';
}

/** The flags the spec's recording rules raise for a file (size limit, must be a video). */
export function recordingProblems(file: {
  size: number;
  hasVideo: boolean;
  mimeType: string;
}): RecordingProblemKey[] {
  const problems: RecordingProblemKey[] = [];
  if (file.size > RECORDING_MAX_BYTES) problems.push(RecordingProblem.tooLarge);
  if (!file.hasVideo || !file.mimeType.startsWith('video/')) problems.push(RecordingProblem.notVideo);
  return problems;
}

/**
 * Whether the first bytes of a file are those of one of the listed containers (MP4/MOV/M4V/3GP
 * `ftyp`, WebM/MKV EBML, AVI RIFF, WMV ASF, FLV, OGV Ogg). The browser build cannot run ffprobe:
 * this keeps a text file renamed .mp4 from passing as a video there.
 */
export function looksLikeVideoContainer(head: Uint8Array): boolean {
  const ascii = (from: number, text: string) => [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  const bytes = (from: number, values: number[]) => values.every((v, i) => head[from + i] === v);
  return (
    ascii(4, 'ftyp') ||
    bytes(0, [0x1a, 0x45, 0xdf, 0xa3]) ||
    (ascii(0, 'RIFF') && ascii(8, 'AVI ')) ||
    bytes(0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]) ||
    ascii(0, 'FLV') ||
    ascii(0, 'OggS') ||
    // QuickTime files without ftyp start with a moov/mdat/wide/free atom.
    ['moov', 'mdat', 'wide', 'free', 'skip'].some((atom) => ascii(4, atom))
  );
}

/** Bytes `looksLikeVideoContainer` needs. */
export const VIDEO_SIGNATURE_BYTES = 16;
