import { open, readFile } from 'node:fs/promises';
import { zipEntryNames } from '../../platform/files/zip-entries.js';
import {
  fileExtension,
  HOMEWORK_ARCHIVE_REFUSED_EXTENSIONS,
  homeworkTypeOf,
  type HomeworkSignature,
} from '@school/shared/rules';

/**
 * What a homework file really is, judged from its bytes, never from the browser's MIME type or
 * the extension alone (rules: docs/domain-rules.md, "Homework files"):
 * - the extension must be one of HOMEWORK_FILE_TYPES;
 * - the content must start with what that type always starts with (a PDF with `%PDF-`, a .docx
 *   is a ZIP holding `[Content_Types].xml`, a JPEG with FF D8 FF…); text must hold no NUL byte;
 * - a program is refused outright, whatever its name: Windows (MZ), Linux (ELF), macOS (Mach-O)
 *   and Java class files, and scripts starting with `#!`;
 * - a ZIP (and Office / OpenDocument files, which are ZIPs) must not hold programs by name
 *   (HOMEWORK_ARCHIVE_REFUSED_EXTENSIONS), read from its central directory; ZIP64 archives are
 *   refused (homework never needs one).
 */

export type SniffRefusal = 'type' | 'empty' | 'executable' | 'content' | 'archive_executable';
export type SniffResult = { ok: true; mime: string } | { ok: false; reason: SniffRefusal; entry?: string };

const HEAD_BYTES = 64 * 1024;

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PROGRAM_SIGNATURES: readonly (readonly number[])[] = [
  ascii('MZ'), // Windows and DOS programs, self-extracting archives
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal binary, Java class
  ascii('#!'), // scripts
];

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** What the first bytes must be for each type (ZIP-based types are checked further below). */
function headMatches(signature: HomeworkSignature, head: Buffer): boolean {
  switch (signature) {
    case 'pdf':
      // Readers accept a little junk before the header; so do we, within the first KB.
      return head.subarray(0, 1024).includes('%PDF-');
    case 'ole':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'ooxml':
    case 'odf':
    case 'zip':
      return startsWith(head, ascii('PK\x03\x04')) || startsWith(head, ascii('PK\x05\x06'));
    case 'rtf':
      return startsWith(head, ascii('{\\rtf'));
    case 'text':
      return !head.includes(0);
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'));
    case 'webp':
      return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8);
    case 'heic':
      return startsWith(head, ascii('ftyp'), 4) && HEIC_BRANDS.has(head.subarray(8, 12).toString('latin1'));
  }
}

/** Entry names of a ZIP homework file (at most 8192 KB, so read whole). */
async function zipEntries(path: string): Promise<string[] | null> {
  return zipEntryNames(await readFile(path));
}

async function readHead(path: string, size: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Judges one received file (on disk at `path`, `size` bytes) that is to be stored as `name`. */
export async function sniffHomeworkFile(path: string, name: string, size: number): Promise<SniffResult> {
  const type = homeworkTypeOf(name);
  if (!type) return { ok: false, reason: 'type' };
  if (size === 0) return { ok: false, reason: 'empty' };
  const head = await readHead(path, size);
  if (PROGRAM_SIGNATURES.some((sig) => startsWith(head, sig))) return { ok: false, reason: 'executable' };
  if (!headMatches(type.signature, head)) return { ok: false, reason: 'content' };
  if (type.signature === 'ooxml' || type.signature === 'odf' || type.signature === 'zip') {
    const entries = await zipEntries(path);
    if (!entries) return { ok: false, reason: 'content' };
    if (type.signature === 'ooxml' && !entries.includes('[Content_Types].xml'))
      return { ok: false, reason: 'content' };
    if (type.signature === 'odf' && !entries.includes('mimetype')) return { ok: false, reason: 'content' };
    // Every segment: a macOS program is a folder (`Game.app/Contents/MacOS/game`).
    const program = entries.find((entry) =>
      entry
        .split('/')
        .some((segment) => HOMEWORK_ARCHIVE_REFUSED_EXTENSIONS.includes(fileExtension(segment))),
    );
    if (program) return { ok: false, reason: 'archive_executable', entry: program };
  }
  return { ok: true, mime: type.mime };
}
