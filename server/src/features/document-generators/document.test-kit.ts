import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Knex } from 'knex';
import type { TestClient } from '../../../test/harness.test-kit.js';

/** A binary answer: the test client reads text, documents need their bytes. */
export async function fetchBytes(client: TestClient, method: string, pathName: string, body?: FormData) {
  const headers: Record<string, string> = {
    'Accept-Language': client.lang,
    'X-Requested-With': 'XMLHttpRequest',
  };
  headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(client.baseUrl + pathName, { method, headers, body });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** word/document.xml of a .docx, and its visible text (runs joined, paragraphs on their own lines). */
export function docxText(bytes: Buffer): { xml: string; text: string } {
  const files = unzipSync(new Uint8Array(bytes));
  const entry = files['word/document.xml'];
  if (!entry) throw new Error('not a .docx: word/document.xml is missing');
  const xml = strFromU8(entry);
  const text = xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    // Non-breaking spaces keep "далі — Замовник" on one line; a reader sees a space.
    .replace(/\u00a0/g, ' ');
  return { xml, text };
}

/** The file name a browser saves: RFC 5987 filename* first. */
export function savedFileName(disposition: string | null): string | undefined {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  return star ? decodeURIComponent(star[1]!) : undefined;
}

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

/** What the PDF checks need and this machine lacks (npm test installs them when run as root). */
export function missingPdfTools(): string[] {
  return ['soffice', 'pdftotext', 'pdftoppm'].filter((bin) => !has(bin));
}

/**
 * .docx files → PDF with one LibreOffice run, then each one's text (pdftotext -layout) and PNG
 * pages (pdftoppm) in `outDir`, so a person can look at what the family receives.
 */
export function convertAllToPdf(
  documents: { name: string; bytes: Buffer }[],
  outDir: string,
): Map<string, { text: string; pages: string[] }> {
  const missing = missingPdfTools();
  if (missing.length) {
    throw new Error(
      `PDF checks need ${missing.join(', ')}: sudo apt-get install -y libreoffice-writer-nogui poppler-utils (npm test does it as root)`,
    );
  }
  fs.mkdirSync(outDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-pdf-'));
  try {
    const files = documents.map(({ name, bytes }) => {
      const file = path.join(work, `${name}.docx`);
      fs.writeFileSync(file, bytes);
      return file;
    });
    // A private profile: parallel soffice runs sharing one profile lock each other out.
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${work}/profile`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        ...files,
      ],
      { stdio: 'pipe', timeout: 170_000 },
    );
    const out = new Map<string, { text: string; pages: string[] }>();
    for (const { name } of documents) {
      const pdf = path.join(outDir, `${name}.pdf`);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      execFileSync('pdftoppm', ['-png', '-r', '60', pdf, path.join(outDir, name)]);
      const pages = fs
        .readdirSync(outDir)
        .filter((f) => f.startsWith(`${name}-`) && /^-\d+\.png$/.test(f.slice(name.length)))
        .map((f) => path.join(outDir, f));
      out.set(name, { text, pages });
    }
    return out;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function convertToPdf(bytes: Buffer, name: string, outDir: string): { text: string; pages: string[] } {
  return convertAllToPdf([{ name, bytes }], outDir).get(name)!;
}

/** Words split over PDF lines and columns: compare on collapsed whitespace. */
export const squash = (text: string) => text.replace(/\s+/g, ' ');

/** The id of a demo account, by email. */
export async function userIdByEmail(knex: Knex, email: string): Promise<number> {
  return (await knex('users').where({ email }).first('id')).id;
}

/**
 * A school's own contract form as Word would save it (built with `docx`): one paragraph per entry,
 * an entry given as several strings becomes several runs (Word splits `{customer_name}` like that
 * when part of it is bold), the odd runs bold.
 */
export async function contractFormDocx(paragraphs: Array<string | string[]>): Promise<Buffer> {
  const { Document, Packer, Paragraph, TextRun } = await import('docx');
  const doc = new Document({
    sections: [
      {
        children: paragraphs.map(
          (p) =>
            new Paragraph({
              children: (Array.isArray(p) ? p : [p]).map(
                (text, i) => new TextRun({ text, bold: i % 2 === 1, font: 'Liberation Serif', size: 24 }),
              ),
            }),
        ),
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}
