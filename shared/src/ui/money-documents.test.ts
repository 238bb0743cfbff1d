import { describe, expect, it } from 'vitest';
import { contentDispositionFileName, documentAnswerOf } from './document-download';
import { multipartBody, hasFileValue } from './resource-form';

describe('document answers', () => {
  it('reads the localized name of Content-Disposition first, else the plain one', () => {
    const header = `attachment; filename="Dogovir No 12.docx"; filename*=UTF-8''${encodeURIComponent('Договір № 12.docx')}`;
    expect(contentDispositionFileName(header)).toBe('Договір № 12.docx');
    expect(contentDispositionFileName('attachment; filename="Contract No 12.docx"')).toBe(
      'Contract No 12.docx',
    );
    expect(contentDispositionFileName('attachment; filename=plain.docx')).toBe('plain.docx');
    expect(contentDispositionFileName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="safe.docx"')).toBe(
      'safe.docx',
    );
    expect(contentDispositionFileName(null)).toBeNull();
  });

  it('plain text without an attachment header is for the clipboard; the rest is a file', () => {
    expect(documentAnswerOf('text/plain; charset=utf-8', null)).toEqual({ kind: 'text' });
    expect(
      documentAnswerOf(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'attachment; filename="a.docx"',
      ),
    ).toMatchObject({ kind: 'file', fileName: 'a.docx' });
    expect(documentAnswerOf('text/plain', 'attachment; filename="notes.txt"')).toMatchObject({
      kind: 'file',
    });
  });
});

describe('multipart writes', () => {
  it('sends files as themselves, nulls as blanks, flags as 1/0, lists as name[]; an unpicked file is left out', () => {
    const file = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    expect(hasFileValue({ a: 1, document_file: file })).toBe(true);
    expect(hasFileValue({ a: 1, document_file: null })).toBe(false);
    const form = multipartBody(
      {
        _method: 'patch',
        student_id: 5,
        end_at: null,
        active: true,
        users: [3, 4],
        document_file: file,
        other: undefined,
      },
      [],
    );
    expect([...form.keys()]).toEqual([
      '_method',
      'student_id',
      'end_at',
      'active',
      'users[]',
      'users[]',
      'document_file',
    ]);
    expect(form.get('end_at')).toBe('');
    expect(form.get('active')).toBe('1');
    expect((form.get('document_file') as File).name).toBe('scan.pdf');
    expect([...multipartBody({ document_file: null }, ['document_file']).keys()]).toEqual([]);
  });
});
