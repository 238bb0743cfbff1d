import { describe, expect, it } from 'vitest';
import { sniffDocument } from './document-sniff.js';
import * as sample from './sample-files.test-kit.js';

describe('uploaded document types (from the bytes)', () => {
  it('recognises what a school scans and writes', async () => {
    expect(sniffDocument(sample.samplePdf())).toBe('pdf');
    expect(sniffDocument(sample.samplePng())).toBe('png');
    expect(sniffDocument(sample.sampleJpeg())).toBe('jpeg');
    expect(sniffDocument(sample.sampleGif())).toBe('gif');
    expect(sniffDocument(sample.sampleWebp())).toBe('webp');
    expect(sniffDocument(sample.sampleTiff())).toBe('tiff');
    expect(sniffDocument(sample.sampleHeic())).toBe('heic');
    expect(sniffDocument(await sample.sampleDocx())).toBe('docx');
    expect(sniffDocument(sample.sampleOdt())).toBe('odt');
    expect(sniffDocument(sample.sampleDoc())).toBe('doc');
  });

  it('refuses programs, scripts, other archives, macro documents and installers', async () => {
    for (const bytes of [
      sample.sampleExe(),
      sample.sampleElf(),
      sample.sampleScript(),
      sample.sampleJar(),
      await sample.sampleDocm(),
      sample.sampleMsi(),
      Buffer.from('just text'),
      Buffer.alloc(0),
      // A ZIP cut short: its directory is gone.
      (await sample.sampleDocx()).subarray(0, 200),
    ]) {
      expect(sniffDocument(bytes)).toBeNull();
    }
  });
});
