/**
 * Files kept with money records (issue 15 point 2): a contract's signed document and an invoice's
 * attachment. The server decides the type from the file's content, never from its name or the
 * browser's claim; clients use these lists to pre-filter the file input and to say the limit.
 */

/** 10 MB: a scanned multi-page contract or a phone photo, not a video. */
export const DOCUMENT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export interface DocumentFileType {
  mime: string;
  /** Lower case, without the dot; the first is the one a stored name gets when it has none of them. */
  extensions: readonly string[];
}

export const DOCUMENT_FILE_TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  tiff: { mime: 'image/tiff', extensions: ['tif', 'tiff'] },
  heic: { mime: 'image/heic', extensions: ['heic', 'heif'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  doc: { mime: 'application/msword', extensions: ['doc'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
} as const satisfies Record<string, DocumentFileType>;

export type DocumentFileKind = keyof typeof DOCUMENT_FILE_TYPES;

/** `accept` of a file input: '.pdf,.jpg,…'. */
export const DOCUMENT_UPLOAD_ACCEPT = Object.values(DOCUMENT_FILE_TYPES)
  .flatMap((t) => t.extensions.map((e) => `.${e}`))
  .join(',');

const MAX_NAME = 200;

/**
 * The name a file is kept and downloaded under: the uploaded name without folders or control
 * characters, ending in an extension of its real type ("scan.exe" holding a PDF becomes
 * "scan.exe.pdf", so a download never opens as something else). `fallback` names a nameless file.
 */
export function documentFileName(uploaded: string, kind: DocumentFileKind, fallback: string): string {
  const type: DocumentFileType = DOCUMENT_FILE_TYPES[kind];
  const base = (uploaded.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/^\.+/, '');
  const name = base || fallback;
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  const full = ext && type.extensions.includes(ext) ? name : `${name}.${type.extensions[0]}`;
  if (full.length <= MAX_NAME) return full;
  // Keep the extension when cutting a very long name.
  const dot = full.lastIndexOf('.');
  return full.slice(0, MAX_NAME - (full.length - dot)) + full.slice(dot);
}
