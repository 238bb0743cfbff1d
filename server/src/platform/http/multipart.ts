import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import qs from 'qs';
import type { Context, Next } from 'koa';
import { AppError, errors } from './app-error.js';
import { abandonBody, byteLimit, clientAborted, declaredLength, decodedBody } from './body-stream.js';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  size: number;
  /** Temporary path, removed when the request ends: the route moves what it keeps to storage. */
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

export interface FileLimits {
  /** Where files stream to while the request runs (created on first use). */
  dir: string;
  /** Per file, decoded bytes. */
  fileBytes: number;
  maxFiles: number;
}

interface MultipartLimits {
  /** All text fields together. */
  fieldBytes: number;
  /** Decoded bytes of the whole body, boundaries included. */
  totalBytes: number;
  /** Without it, any file content is refused (415) and nothing touches the disk. */
  files?: FileLimits;
}

const FORM_QS = { depth: 5, arrayLimit: 200, parameterLimit: 2000, allowDots: false };
/** Headers and boundary of one part, generously. */
const PART_OVERHEAD = 16 * 1024;

/**
 * Where upload routes stream files while a request runs: under DATA_DIR, so that storage on the same
 * disk can take a finished file by rename. Nothing stays here after a request.
 */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

export const filesNotAccepted = () => new AppError(415, 'files_not_accepted', 'errors.files_not_accepted');

/** Forms (urlencoded and multipart text fields) become the same nested object. */
export function parseForm(raw: string): Record<string, unknown> {
  return qs.parse(raw, FORM_QS) as Record<string, unknown>;
}

/**
 * Route middleware for the routes that take files, mounted after their authentication and
 * permission checks with the route's own limits. Files stream to `dir` (bounded memory) and are
 * removed when the request ends, whatever happens: over a limit (413 at once), a broken body,
 * a client that goes away.
 */
export function multipart(opts: FileLimits & { fieldBytes?: number }) {
  const fieldBytes = opts.fieldBytes ?? 64 * 1024;
  const totalBytes = opts.maxFiles * (opts.fileBytes + PART_OVERHEAD) + fieldBytes + PART_OVERHEAD;
  const files: FileLimits = { dir: opts.dir, fileBytes: opts.fileBytes, maxFiles: opts.maxFiles };
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) {
      abandonBody(ctx);
      throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
    }
    const parsed = await readMultipart(ctx, { fieldBytes, totalBytes, files });
    ctx.request.body = parsed.body;
    ctx.request.files = parsed.files;
    ctx.state.receivedFileBytes = parsed.files.reduce((n, f) => n + f.size, 0);
    try {
      await next();
    } finally {
      await removeFiles(parsed.files, []);
    }
  };
}

/** Parses a multipart body; resolves only when every file is on disk, rejects only after cleanup. */
export async function readMultipart(
  ctx: Context,
  limits: MultipartLimits,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  const declared = declaredLength(ctx);
  if (declared !== undefined && declared > limits.totalBytes) {
    abandonBody(ctx);
    throw errors.payloadTooLarge({ max: limits.totalBytes });
  }
  const fileLimits = limits.files;
  if (fileLimits) await fs.promises.mkdir(fileLimits.dir, { recursive: true });
  let bb: Busboy.Busboy;
  try {
    bb = Busboy({
      headers: ctx.req.headers,
      // Browsers send file names as raw UTF-8 (Ukrainian names), not RFC 2231; latin1 garbles them.
      defParamCharset: 'utf8',
      limits: {
        fieldSize: limits.fieldBytes,
        fields: 2000,
        // Busboy calls a file that reaches its limit too large: a file of exactly fileBytes is allowed.
        fileSize: fileLimits ? fileLimits.fileBytes + 1 : undefined,
        files: fileLimits?.maxFiles,
      },
    });
  } catch {
    abandonBody(ctx);
    throw errors.badRequest('errors.bad_multipart');
  }
  const source = decodedBody(ctx);
  const counter = byteLimit(limits.totalBytes);
  const fields: string[] = [];
  const files: UploadedFile[] = [];
  const sinks: fs.WriteStream[] = [];
  let fieldBytes = 0;
  let pending = 0;
  let parsed = false;
  let settled = false;

  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(counter);
      counter.unpipe(bb);
      abandonBody(ctx);
      // Busboy calls us from inside its own parsing loop (a limit, a field): destroying it there
      // breaks that loop, so it is torn down on the next turn.
      setImmediate(() => {
        bb.removeAllListeners();
        bb.on('error', () => {});
        bb.destroy();
        void removeFiles(files, sinks).finally(() => reject(err));
      });
    };
    const finish = () => {
      if (settled || !parsed || pending > 0) return;
      settled = true;
      resolve({ body: parseForm(fields.join('&')), files });
    };
    const tooLarge = () => fail(errors.payloadTooLarge({ max: fileLimits?.fileBytes ?? limits.fieldBytes }));
    // Busboy calls these from inside its parser: a throw there is an uncaught exception that takes
    // the process down, so whatever goes wrong in them ends this request instead.
    const guarded =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        try {
          handler(...args);
        } catch (err) {
          fail(err);
        }
      };

    bb.on(
      'field',
      guarded((name: string | undefined, value: string | undefined, info: Busboy.FieldInfo) => {
        // A part's charset busboy cannot decode (`charset=utf-16`, an unknown one) gives no value.
        if (value === undefined) return fail(errors.badRequest('errors.bad_multipart'));
        fieldBytes += (name?.length ?? 0) + value.length;
        if (info.valueTruncated || fieldBytes > limits.fieldBytes) return tooLarge();
        // A part without a name (`name=""`, or none) is a value no form field can hold: skipped, as
        // busboy skips a part without Content-Disposition. It used to throw here (found by the fuzz drill).
        if (!name) return;
        fields.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      }),
    );
    bb.on(
      'file',
      guarded((field: string | undefined, stream: Readable, info: Busboy.FileInfo) => {
        if (settled) {
          // A file that starts after a refusal (the next part of the same chunk) is drained; busboy
          // destroys it with "Unexpected end of file" when torn down, which must not crash the process.
          stream.on('error', () => {});
          return void stream.resume();
        }
        if (!fileLimits) {
          // An empty file input (browsers send it with every form) is harmless; content is refused.
          stream.on('error', () => {});
          stream.once('data', () => fail(filesNotAccepted()));
          stream.resume();
          return;
        }
        const file: UploadedFile = {
          // Unnamed: no route's file field, so the route refuses it like any field it does not read.
          field: field ?? '',
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          size: 0,
          path: path.join(fileLimits.dir, randomUUID()),
        };
        files.push(file);
        const out = fs.createWriteStream(file.path, { flags: 'wx' });
        sinks.push(out);
        pending++;
        stream.on('data', (chunk: Buffer) => (file.size += chunk.length));
        stream.on('limit', tooLarge);
        stream.on('error', () => fail(errors.badRequest('errors.bad_multipart')));
        // A disk that fails is the server's fault: the raw error is a logged 500.
        out.on('error', fail);
        out.on('close', () => {
          pending--;
          finish();
        });
        stream.pipe(out);
      }),
    );
    bb.on('filesLimit', () => fail(errors.payloadTooLarge({ maxFiles: fileLimits?.maxFiles ?? 0 })));
    bb.on('fieldsLimit', () => fail(errors.payloadTooLarge()));
    bb.on('error', () => fail(errors.badRequest('errors.bad_multipart')));
    bb.on('close', () => {
      parsed = true;
      finish();
    });
    source.on('error', (err) => fail(err instanceof AppError ? err : clientAborted()));
    counter.on('error', fail);
    ctx.req.on('close', () => {
      if (!ctx.req.complete) fail(clientAborted());
    });
    source.pipe(counter).pipe(bb);
  });
}

/** Waits for open files to close (a late open would re-create a removed file), then removes them. */
async function removeFiles(files: UploadedFile[], sinks: fs.WriteStream[]): Promise<void> {
  await Promise.all(
    sinks.map((s) =>
      s.closed
        ? undefined
        : new Promise<void>((resolve) => {
            s.once('close', () => resolve());
            s.destroy();
          }),
    ),
  );
  await Promise.all(files.map((f) => fs.promises.rm(f.path, { force: true })));
}
