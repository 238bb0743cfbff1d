import type { DocumentFileKind } from '@school/shared/rules';
import { zipEntryNames } from '../../platform/files/zip-entries.js';

/**
 * What an uploaded document really is, from its bytes (issue 15 point 2). Only the kinds of
 * DOCUMENT_FILE_TYPES pass; everything else (executables, scripts, archives, macro documents,
 * installers) is null. Containers are opened far enough to tell a Word file from its look-alikes:
 * a .docx from a .jar / .apk (all ZIP), a .doc from an .msi / .xls (all OLE compound files).
 */
export function sniffDocument(bytes: Buffer): DocumentFileKind | null {
  const starts = (sig: number[] | string, at = 0) => {
    const b = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
    return bytes.length >= at + b.length && bytes.subarray(at, at + b.length).equals(b);
  };
  if (starts('%PDF-')) return 'pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts('GIF87a') || starts('GIF89a')) return 'gif';
  if (starts('RIFF') && starts('WEBP', 8)) return 'webp';
  if (starts([0x49, 0x49, 0x2a, 0x00]) || starts([0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (starts('ftyp', 4) && HEIF_BRANDS.has(bytes.subarray(8, 12).toString('latin1'))) return 'heic';
  if (starts([0x50, 0x4b, 0x03, 0x04])) return sniffZip(bytes);
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return isWordCompoundFile(bytes) ? 'doc' : null;
  return null;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const ODT_MIME = 'application/vnd.oasis.opendocument.text';

/** A .docx (WordprocessingML without macros) or an OpenDocument text; any other ZIP is refused. */
function sniffZip(bytes: Buffer): DocumentFileKind | null {
  const list = zipEntryNames(bytes);
  if (!list) return null;
  const names = new Set(list);
  // ODF: the first entry is an uncompressed "mimetype" holding the document's type.
  if (bytes.subarray(30, 38).toString('latin1') === 'mimetype') {
    return bytes.subarray(38, 38 + ODT_MIME.length).toString('latin1') === ODT_MIME &&
      names.has('content.xml')
      ? 'odt'
      : null;
  }
  const lower = new Set([...names].map((n) => n.toLowerCase()));
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) return null;
  // Macros (.docm renamed) and anything runnable packed inside are not a document we keep.
  for (const n of lower)
    if (n.endsWith('vbaproject.bin') || /\.(exe|dll|com|scr|bat|cmd|ps1|vbs|js|jar|msi|sh)$/.test(n))
      return null;
  return 'docx';
}

/**
 * An OLE compound file is a Word 97-2003 document when it has a "WordDocument" stream. Directory
 * entries hold their names in UTF-16LE, so the name's bytes are in the file; an installer (.msi) or
 * a spreadsheet (.xls) has none.
 */
function isWordCompoundFile(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from('WordDocument', 'utf16le'));
}
