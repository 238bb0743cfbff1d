import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD_ACCEPT, documentFileName } from './document-upload';

describe('documentFileName', () => {
  it('keeps a name that ends in its type, whatever the case', () => {
    expect(documentFileName('Договір підписаний.PDF', 'pdf', 'contract')).toBe('Договір підписаний.PDF');
    expect(documentFileName('photo.jpeg', 'jpeg', 'contract')).toBe('photo.jpeg');
  });

  it('adds the real extension when the name claims another type or none', () => {
    expect(documentFileName('scan.exe', 'pdf', 'contract')).toBe('scan.exe.pdf');
    expect(documentFileName('scan', 'png', 'contract')).toBe('scan.png');
  });

  it('drops folders and control characters, and names a nameless file', () => {
    expect(documentFileName('C:\\Users\\me\\..\\договір.docx', 'docx', 'contract')).toBe('договір.docx');
    expect(documentFileName('../../etc/passwd', 'pdf', 'contract')).toBe('passwd.pdf');
    expect(documentFileName('a\u0000b\nc.pdf', 'pdf', 'contract')).toBe('abc.pdf');
    expect(documentFileName('', 'odt', 'invoice')).toBe('invoice.odt');
    expect(documentFileName('...', 'pdf', 'invoice')).toBe('invoice.pdf');
  });

  it('cuts a very long name but keeps its extension', () => {
    const name = documentFileName(`${'я'.repeat(300)}.pdf`, 'pdf', 'x');
    expect(name).toHaveLength(200);
    expect(name.endsWith('я.pdf')).toBe(true);
  });

  it('lists the accepted extensions for a file input', () => {
    expect(DOCUMENT_UPLOAD_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.docx', '.doc', '.odt', '.jpg', '.png']),
    );
    expect(DOCUMENT_UPLOAD_ACCEPT).not.toContain('.exe');
  });
});
