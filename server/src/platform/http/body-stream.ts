import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import { AppError, errors } from './app-error.js';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const unsupportedEncoding = () =>
  new AppError(415, 'unsupported_encoding', 'errors.unsupported_encoding');
const badEncoding = () => errors.badRequest('errors.bad_encoding');
/** The client went away mid-body: nobody reads the answer, but the parse must end and clean up. */
export const clientAborted = () => errors.badRequest('errors.bad_multipart');

export function hasBody(ctx: Context): boolean {
  const len = ctx.get('content-length');
  return ctx.get('transfer-encoding') !== '' || (len !== '' && len !== '0');
}

/** Bytes the client declared, when they are the bytes on the wire (no content coding). */
export function declaredLength(ctx: Context): number | undefined {
  const len = ctx.get('content-length');
  return len !== '' && contentCoding(ctx) === 'identity' ? Number(len) : undefined;
}

function contentCoding(ctx: Context): string {
  return (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
}

/**
 * The request body decoded by its Content-Encoding. A coding we do not read is refused (415) before
 * any byte is read; a body that is not in its declared coding fails the stream with a 400. Limits
 * are applied by the reader to the decoded bytes, so a small compressed bomb is still 413.
 */
export function decodedBody(ctx: Context): Readable {
  const coding = contentCoding(ctx);
  if (coding === 'identity') return ctx.req;
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip()
      : coding === 'deflate'
        ? zlib.createInflate()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) throw unsupportedEncoding();
  // Not stream.pipeline: it would destroy the request (the socket) on a bad body, and the client
  // would get no answer. The decoder's own failure is the client's fault: 400.
  const out = new PassThrough();
  decoder.on('error', () => out.destroy(badEncoding()));
  ctx.req.on('close', () => {
    if (!ctx.req.complete) out.destroy(clientAborted());
  });
  ctx.req.pipe(decoder).pipe(out);
  return out;
}

/** Fails with 413 as soon as more than `max` bytes pass. */
export function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > max) done(errors.payloadTooLarge({ max }));
      else done(null, chunk);
    },
  });
}

/** Reads a whole (small) body into memory, refusing it with 413 past `max` decoded bytes. */
export async function readLimited(ctx: Context, max: number): Promise<Buffer> {
  const declared = declaredLength(ctx);
  if (declared !== undefined && declared > max) throw errors.payloadTooLarge({ max });
  const source = decodedBody(ctx);
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<Buffer>((resolve, reject) => {
    const fail = (err: unknown) => {
      source.removeAllListeners('data');
      abandonBody(ctx);
      reject(err);
    };
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return fail(errors.payloadTooLarge({ max }));
      chunks.push(chunk);
    });
    source.on('error', fail);
    source.on('end', () => resolve(Buffer.concat(chunks)));
    if (source === ctx.req) {
      ctx.req.on('close', () => {
        if (!ctx.req.complete) fail(clientAborted());
      });
    }
  });
}

/** How long, and how much, an abandoned body is still read after the answer (see abandonBody). */
const DRAIN_MS = 5_000;
const DRAIN_BYTES = 64 * 1024 * 1024;
const abandoned = new WeakSet<IncomingMessage>();

/**
 * We answer before the body is fully read (over a limit, a bad part). Many clients read the answer
 * only while or after sending: the rest of the body is read and dropped for a short while after the
 * answer (closing at once resets the connection and the client sees no 413), then the connection
 * is cut. Nothing of it is kept.
 */
export function abandonBody(ctx: Context): void {
  const req = ctx.req;
  if (req.complete || abandoned.has(req)) return;
  abandoned.add(req);
  req.unpipe();
  req.resume();
  const socket = req.socket;
  ctx.res.once('finish', () => {
    if (req.complete) return;
    let drained = 0;
    const cut = () => {
      clearTimeout(timer);
      req.off('data', count);
      if (!req.complete) socket.destroy();
    };
    const count = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) cut();
    };
    const timer = setTimeout(cut, DRAIN_MS);
    timer.unref();
    req.on('data', count);
    req.once('end', () => {
      clearTimeout(timer);
      req.off('data', count);
    });
    socket.once('close', () => clearTimeout(timer));
  });
}
