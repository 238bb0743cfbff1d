import { Stream, pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import { isCompressibleType, preferredCoding, type Coding } from './accept-encoding.js';
import { setBytesBody } from './sliced-body.js';

/**
 * The levels with the least server CPU plus bytes sent (`npm run bench compression`; figures:
 * docs/architecture-decisions.md, "Chosen by measurement"). Below the threshold an answer fits a
 * TCP packet anyway: compressing saves no round trip.
 */
export const COMPRESSION = { thresholdBytes: 1024, brotliQuality: 5, gzipLevel: 6 } as const;

export type CompressionSettings = { thresholdBytes: number; brotliQuality: number; gzipLevel: number };

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** Statuses without a body to compress, and 206: a byte range of the identity body must stay one. */
const NO_COMPRESSION_STATUS = new Set([204, 206, 304]);

const brotliOptions = (quality: number, sizeHint?: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  },
});

/** Compresses `bytes` off the event loop (zlib's thread pool). */
export function compressBytes(
  bytes: Buffer,
  coding: Coding,
  settings: CompressionSettings = COMPRESSION,
): Promise<Buffer> {
  return coding === 'br'
    ? brotliAsync(bytes, brotliOptions(settings.brotliQuality, bytes.length))
    : gzipAsync(bytes, { level: settings.gzipLevel });
}

function compressStream(coding: Coding, settings: CompressionSettings): zlib.BrotliCompress | zlib.Gzip {
  return coding === 'br'
    ? zlib.createBrotliCompress(brotliOptions(settings.brotliQuality))
    : zlib.createGzip({ level: settings.gzipLevel });
}

/**
 * Compresses answers of a text type (JSON lists, calendars, exports, iCal) above a size, in the
 * coding the client prefers. A body that streams is compressed as it streams; a whole body is
 * compressed off the event loop and then sent like any other (large ones sliced, sliced-body.ts).
 * Left alone: HEAD, ranges (206), bodiless statuses, answers already encoded (precompressed
 * static files) and types that are compressed already (media, docx, images).
 */
export function compression(settings: CompressionSettings = COMPRESSION) {
  return async (ctx: Context, next: Next) => {
    await next();
    const body: unknown = ctx.body;
    if (body == null || NO_COMPRESSION_STATUS.has(ctx.status) || ctx.res.hasHeader('Content-Encoding'))
      return;
    if (!isCompressibleType(ctx.response.get('Content-Type'))) return;
    if (
      ctx.res.hasHeader('Content-Range') ||
      /no-transform/.test(String(ctx.res.getHeader('Cache-Control') ?? ''))
    )
      return;
    const coding = ctx.method === 'HEAD' ? null : preferredCoding(ctx.get('accept-encoding'));
    if (!coding) {
      // Nothing to do for this client; caches must still key the answer on Accept-Encoding.
      ctx.vary('Accept-Encoding');
      return;
    }
    const stream = body instanceof Stream;
    // Whole bodies are measured; a stream by its Content-Length when it has one. An object is
    // turned into its JSON text here, once (Koa would do it when sending).
    let text: string | Buffer | null = null;
    if (stream) {
      const known = ctx.response.length;
      if (typeof known === 'number' && known < settings.thresholdBytes) return;
    } else {
      text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      if (text !== body) ctx.body = text;
      if (Buffer.byteLength(text) < settings.thresholdBytes) return;
    }
    ctx.vary('Accept-Encoding');
    if (text !== null) {
      const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      const compressed = await compressBytes(bytes, coding, settings);
      if (compressed.length >= bytes.length) return;
      setBytesBody(ctx, compressed);
    } else {
      const source = body as Readable;
      const encoder = compressStream(coding, settings);
      // A failure on either side ends both; Koa destroys the body it was given when the answer ends.
      pipeline(source, encoder, () => {});
      ctx.body = encoder;
      ctx.remove('Content-Length');
    }
    ctx.set('Content-Encoding', coding);
  };
}
