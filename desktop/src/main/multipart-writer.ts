import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * A multipart/form-data body (RFC 7578) produced as a stream of chunks: headers as small
 * buffers, files straight from disk in 64 KiB reads. Memory stays bounded however large the
 * recording, and the exact length is known up front (Content-Length, progress total).
 */

export interface MultipartField {
  kind: 'field';
  name: string;
  value: string;
}

export interface MultipartFile {
  kind: 'file';
  name: string;
  fileName: string;
  contentType: string;
  filePath: string;
  /** Bytes the file has now; a file that changes while uploading fails the upload. */
  size: number;
}

export type MultipartPart = MultipartField | MultipartFile;

export interface MultipartBody {
  boundary: string;
  contentType: string;
  contentLength: number;
  /** A fresh iteration reads the files again; each yields the whole body once. */
  chunks(): AsyncGenerator<Buffer>;
}

const CRLF = '\r\n';
const FILE_CHUNK_BYTES = 64 * 1024;

/** Quoted-string value of a header parameter: quotes, CR and LF percent-encoded as browsers do. */
function quoteParam(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * `filename` plus `filename*` (RFC 5987) for non-ASCII names: servers parsing parameters as
 * latin1 (busboy's default) read the UTF-8 name from `filename*`, old ones fall back to `filename`.
 */
export function contentDispositionFor(part: MultipartPart): string {
  const base = `form-data; name="${quoteParam(part.name)}"`;
  if (part.kind === 'field') return base;
  const ascii = /^[\x20-\x7e]*$/.test(part.fileName);
  if (ascii) return `${base}; filename="${quoteParam(part.fileName)}"`;
  const fallback = part.fileName.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(part.fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${base}; filename="${quoteParam(fallback)}"; filename*=UTF-8''${encoded}`;
}

function partHeader(boundary: string, part: MultipartPart, first: boolean): Buffer {
  const lines = [`${first ? '' : CRLF}--${boundary}`, `Content-Disposition: ${contentDispositionFor(part)}`];
  if (part.kind === 'file') lines.push(`Content-Type: ${part.contentType}`);
  return Buffer.from(`${lines.join(CRLF)}${CRLF}${CRLF}`, 'utf8');
}

export function createBoundary(): string {
  return `----SchoolDesktop${randomBytes(16).toString('hex')}`;
}

export function createMultipartBody(
  parts: readonly MultipartPart[],
  boundary = createBoundary(),
): MultipartBody {
  const headers = parts.map((part, index) => partHeader(boundary, part, index === 0));
  const values = parts.map((part) => (part.kind === 'field' ? Buffer.from(part.value, 'utf8') : null));
  const closing = Buffer.from(`${parts.length ? CRLF : ''}--${boundary}--${CRLF}`, 'utf8');
  const contentLength =
    parts.reduce(
      (sum, part, i) => sum + headers[i].length + (values[i]?.length ?? (part as MultipartFile).size),
      0,
    ) + closing.length;

  async function* chunks(): AsyncGenerator<Buffer> {
    for (const [i, part] of parts.entries()) {
      yield headers[i];
      if (part.kind === 'field') {
        yield values[i] as Buffer;
        continue;
      }
      let read = 0;
      if (part.size > 0) {
        // end is inclusive: never read past the announced size even if the file grows meanwhile.
        const stream = createReadStream(part.filePath, {
          highWaterMark: FILE_CHUNK_BYTES,
          end: part.size - 1,
        });
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            read += chunk.length;
            yield chunk;
          }
        } finally {
          stream.destroy();
        }
      }
      if (read !== part.size) throw new Error(`file ${part.fileName} changed while uploading`);
    }
    yield closing;
  }

  return { boundary, contentType: `multipart/form-data; boundary=${boundary}`, contentLength, chunks };
}
