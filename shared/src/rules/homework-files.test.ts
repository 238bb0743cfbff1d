import { describe, expect, it } from 'vitest';
import { fileExtension, HOMEWORK, HOMEWORK_ACCEPT, homeworkFileName, homeworkTypeOf } from './homework-files';

describe('homework file names and types', () => {
  it('keeps the last path segment, without control characters', () => {
    expect(homeworkFileName('C:\\fakepath\\Твір.docx')).toBe('Твір.docx');
    expect(homeworkFileName('dir/sub/a.pdf')).toBe('a.pdf');
    expect(homeworkFileName(' \u0007зошит\u0000.pdf ')).toBe('зошит.pdf');
    expect(homeworkFileName('folder/')).toBe('');
  });

  it('reads the extension case-blind; a dot file or a trailing dot has none', () => {
    expect(fileExtension('Photo.JPG')).toBe('jpg');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('name.')).toBe('');
  });

  it('accepts documents and images, never programs', () => {
    expect(homeworkTypeOf('Твір.DOCX')?.mime).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(homeworkTypeOf('scan.heic')?.signature).toBe('heic');
    for (const name of ['setup.exe', 'run.bat', 'script.js', 'app.apk', 'noextension'])
      expect(homeworkTypeOf(name)).toBeNull();
    expect(HOMEWORK_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.pdf', '.docx', '.jpg', '.zip']));
    expect(HOMEWORK.maxBytes).toBe(8192 * 1024);
  });
});
