import { Document, Packer, Paragraph } from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Small real files of every kind an upload meets: what a school scans or writes (PDF, photos,
 * Word, OpenDocument) and what must never be kept (programs, archives, macro documents).
 */

/** A one-page PDF that readers open (objects, xref and trailer), with `text` on it. */
export function samplePdf(text = 'Signed contract'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 1×1 PNG. */
export const samplePng = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

/** The first bytes of a JPEG (JFIF) photo followed by filler. */
export const sampleJpeg = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64, 1),
  ]);

export const sampleGif = (): Buffer => Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32)]);
export const sampleWebp = (): Buffer =>
  Buffer.concat([Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(32)]);
export const sampleTiff = (): Buffer =>
  Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(32)]);
export const sampleHeic = (): Buffer =>
  Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(32)]);

/** A real .docx written by the `docx` package. */
export async function sampleDocx(text = 'Signed contract'): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));
}

/** A .docx with a macro project inside (a renamed .docm). */
export async function sampleDocm(): Promise<Buffer> {
  return rezip(await sampleDocx(), { 'word/vbaProject.bin': new Uint8Array([0xcc, 0x61, 1, 2, 3]) });
}

/** An OpenDocument text: the uncompressed "mimetype" entry first, as ODF requires. */
export function sampleOdt(): Buffer {
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': strToU8('<?xml version="1.0"?><office:document-content/>'),
      'META-INF/manifest.xml': strToU8('<?xml version="1.0"?><manifest:manifest/>'),
    }),
  );
}

/** An OLE compound file header; a Word 97 document has a "WordDocument" stream in its directory. */
function compoundFile(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  const dir = Buffer.alloc(512);
  Buffer.from('Root Entry', 'utf16le').copy(dir, 0);
  Buffer.from(streamName, 'utf16le').copy(dir, 128);
  return Buffer.concat([header, dir]);
}
export const sampleDoc = (): Buffer => compoundFile('WordDocument');
/** An installer (.msi) is a compound file too, without a Word stream. */
export const sampleMsi = (): Buffer => compoundFile('SummaryInformation');

/** A Windows program: "MZ", then a PE header. */
export const sampleExe = (): Buffer =>
  Buffer.concat([
    Buffer.from('MZ\x90\0', 'latin1'),
    Buffer.alloc(56),
    Buffer.from('PE\0\0', 'latin1'),
    Buffer.alloc(64),
  ]);
export const sampleElf = (): Buffer =>
  Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(64)]);
export const sampleScript = (): Buffer => Buffer.from('#!/bin/sh\nrm -rf ~\n');
/** A Java archive: a ZIP like a .docx, without a Word document in it. */
export const sampleJar = (): Buffer =>
  Buffer.from(
    zipSync({
      'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\nMain-Class: A\n'),
      'A.class': new Uint8Array([0xca, 0xfe, 0xba, 0xbe]),
    }),
  );

/** A .docx is a plain ZIP: read back, entries added, written again. */
function rezip(zip: Buffer, add: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync({ ...unzipSync(new Uint8Array(zip)), ...add }));
}
