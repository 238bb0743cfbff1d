/**
 * What a document download answered (docs/api.md "Documents"): a .docx with its name in
 * Content-Disposition, or payment instructions as plain text (an invoice whose template has no
 * bank) to be copied, not saved. Pure, so both apps read answers the same way.
 */

export type DocumentAnswer = { kind: 'file'; fileName: string | null; mime: string } | { kind: 'text' };

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first (the
 * localized name), else the plain `filename="…"`; null when there is none.
 */
export function contentDispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = (plain[2] ?? plain[1]).replace(/\\(.)/g, '$1').trim();
  return name || null;
}

/** A text answer without a file name is meant for the clipboard; anything else is a file. */
export function documentAnswerOf(
  contentType: string | null | undefined,
  disposition: string | null | undefined,
): DocumentAnswer {
  const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const fileName = contentDispositionFileName(disposition);
  if (mime === 'text/plain' && !/attachment/i.test(disposition ?? '')) return { kind: 'text' };
  return { kind: 'file', fileName, mime };
}
