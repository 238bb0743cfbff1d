import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import Busboy from 'busboy';
import coBody from 'co-body';
import qs from 'qs';
import type { Context, Next } from 'koa';
import { AppError, errors } from './app-error.js';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  size: number;
  /** Temporary path; removed when the request ends. */
  path: string;
}

declare module 'koa' {
  interface Request {
    body?: Record<string, unknown>;
    files?: UploadedFile[];
    /** The method before `_method` override. */
    originalMethod?: string;
  }
}

export interface BodyLimits {
  /** JSON and urlencoded bodies, and the text fields of a multipart body. */
  bodyBytes: number;
  /** Default per-file limit of multipart bodies; routes that take big files raise it. */
  fileBytes: number;
  maxFiles: number;
}

const FORM_QS = { depth: 5, arrayLimit: 200, parameterLimit: 2000, allowDots: false };

/**
 * JSON, urlencoded and multipart bodies land in `ctx.request.body` alike, because the spec's
 * client sends forms. Multipart files stream to temporary files (bounded memory) and are deleted
 * when the response is done.
 */
export function bodyParser(limits: BodyLimits) {
  return async (ctx: Context, next: Next) => {
    ctx.request.body = {};
    ctx.request.files = [];
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) || !hasBody(ctx)) return next();
    try {
      if (ctx.is('multipart/form-data')) {
        await parseMultipart(ctx, ctx.state.fileLimitBytes ?? limits.fileBytes, limits);
      } else if (ctx.is('application/json', '+json')) {
        const parsed = await coBody.json(ctx.req, { limit: limits.bodyBytes, strict: true });
        // Every call takes named fields: an array or a scalar would otherwise read as an empty
        // form, and a command with no required field (move to the end, prolong) would run.
        if (!isPlainObject(parsed)) throw errors.badRequest('errors.json_not_object');
        ctx.request.body = parsed;
      } else if (ctx.is('application/x-www-form-urlencoded')) {
        const raw = await coBody.text(ctx.req, { limit: limits.bodyBytes });
        ctx.request.body = qs.parse(raw, FORM_QS) as Record<string, unknown>;
      } else {
        throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
      }
    } catch (err) {
      throw toBodyError(err);
    }
    try {
      await next();
    } finally {
      for (const f of ctx.request.files ?? []) fs.rm(f.path, { force: true }, () => {});
    }
  };
}

function hasBody(ctx: Context): boolean {
  const len = ctx.get('content-length');
  return ctx.get('transfer-encoding') !== '' || (len !== '' && len !== '0');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toBodyError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number };
  if (e.type === 'entity.too.large' || e.status === 413) return errors.payloadTooLarge();
  if (e.type === 'entity.parse.failed' || e.status === 400) return errors.badRequest('errors.invalid_json');
  return err;
}

async function parseMultipart(ctx: Context, fileBytes: number, limits: BodyLimits): Promise<void> {
  const dir = path.join(os.tmpdir(), 'school-uploads');
  await fs.promises.mkdir(dir, { recursive: true });
  const fields: string[] = [];
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  let fieldBytes = 0;
  let failure: unknown;

  await new Promise<void>((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({
        headers: ctx.req.headers,
        // Browsers send file names as raw UTF-8 (Ukrainian names), not RFC 2231; latin1 garbles them.
        defParamCharset: 'utf8',
        limits: { fileSize: fileBytes, files: limits.maxFiles, fieldSize: limits.bodyBytes, fields: 2000 },
      });
    } catch {
      reject(errors.badRequest('errors.bad_multipart'));
      return;
    }
    const fail = (err: unknown) => {
      failure ??= err;
      ctx.req.unpipe(bb);
      ctx.req.resume();
      resolve();
    };
    bb.on('field', (name, value, info) => {
      fieldBytes += name.length + value.length;
      if (info.valueTruncated || fieldBytes > limits.bodyBytes) return fail(errors.payloadTooLarge());
      fields.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    });
    bb.on('file', (field, stream, info) => {
      const file: UploadedFile = {
        field,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        size: 0,
        path: path.join(dir, randomUUID()),
      };
      files.push(file);
      stream.on('data', (chunk: Buffer) => (file.size += chunk.length));
      stream.on('limit', () => fail(errors.payloadTooLarge({ max: fileBytes })));
      writes.push(pipeline(stream, fs.createWriteStream(file.path)).catch(fail));
    });
    bb.on('filesLimit', () => fail(errors.payloadTooLarge()));
    bb.on('error', () => fail(errors.badRequest('errors.bad_multipart')));
    bb.on('close', () => resolve());
    ctx.req.pipe(bb);
  });
  await Promise.allSettled(writes);
  ctx.request.files = files;
  if (failure) {
    for (const f of files) fs.rm(f.path, { force: true }, () => {});
    throw failure;
  }
  ctx.request.body = qs.parse(fields.join('&'), FORM_QS) as Record<string, unknown>;
}
