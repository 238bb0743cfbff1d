import { Readable } from 'node:stream';
import type { Context } from 'koa';

/** Answers up to this size go out in one write: slicing them would only add turns of the loop. */
export const SLICE_BYTES = 64 * 1024;

/**
 * A body that hands its bytes to the socket one slice per turn of the event loop (setImmediate
 * between slices), so the requests in flight beside it are served between the slices.
 *
 * Why: a teacher's calendar is about 1 MB of JSON text. Written in one piece, Node encodes it
 * and copies it into the socket in one synchronous step; with the byte count Koa takes first,
 * the load drill saw the server's event loop stop at the end of each calendar, and every light
 * request in flight waited it out (docs/architecture-decisions.md, "Chosen by measurement").
 */
class SlicedBody extends Readable {
  private at = 0;

  constructor(private readonly bytes: Buffer) {
    super({ highWaterMark: SLICE_BYTES });
  }

  override _read(): void {
    setImmediate(() => {
      const end = Math.min(this.at + SLICE_BYTES, this.bytes.length);
      this.push(this.bytes.subarray(this.at, end));
      this.at = end;
      if (end === this.bytes.length) this.push(null);
    });
  }
}

/**
 * Sets `text` as the body with `type`: the same bytes and headers (Content-Type, Content-Length,
 * no chunked encoding) whether or not it is sliced.
 */
export function setTextBody(ctx: Context, text: string, type: string): void {
  if (text.length < SLICE_BYTES) {
    ctx.body = text;
    ctx.type = type;
    return;
  }
  setBytesBody(ctx, Buffer.from(text, 'utf8'));
  ctx.type = type;
}

/** Sets `bytes` as the body with their length, sliced when large; the Content-Type is kept. */
export function setBytesBody(ctx: Context, bytes: Buffer): void {
  const type = ctx.response.get('Content-Type');
  ctx.body = bytes.length < SLICE_BYTES ? bytes : new SlicedBody(bytes);
  if (type) ctx.set('Content-Type', type);
  ctx.length = bytes.length;
}
