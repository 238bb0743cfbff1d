import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_UPLOAD_MAX_BYTES,
  documentFileName,
  type DocumentFileKind,
} from '@school/shared/rules';
import { AppError, errors } from '../../platform/http/app-error.js';
import { filesNotAccepted, multipart } from '../../platform/http/multipart.js';
import { processUploadDir } from '../../platform/http/upload-temp.js';
import type { Storage } from '../../platform/storage/storage.js';
import { sniffDocument } from './document-sniff.js';

/** A document put in storage, not yet recorded on a row. */
export interface StoredDocument {
  key: string;
  /** The name it is downloaded under (documentFileName). */
  name: string;
  mime: string;
  size: number;
}

const MAX_MB = DOCUMENT_UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * The body of a form that may carry one document (`document_file`): files stream to the upload
 * directory, at most one file of at most 10 MB (413 `documents.file_too_large` at once, nothing kept).
 */
export function documentMultipart(dataDir: string) {
  // This process's own directory: a start after a crash removes what it left half-written.
  const parse = multipart({
    dir: processUploadDir(dataDir),
    fileBytes: DOCUMENT_UPLOAD_MAX_BYTES,
    maxFiles: 1,
  });
  return async (ctx: Context, next: Next) => {
    let parsed = false;
    try {
      await parse(ctx, async () => {
        parsed = true;
        await next();
      });
    } catch (err) {
      if (!parsed && err instanceof AppError && err.status === 413) {
        throw new AppError(413, 'payload_too_large', 'documents.file_too_large', { max: MAX_MB });
      }
      throw err;
    }
  };
}

export interface TakenDocument {
  bytes: Buffer;
  kind: DocumentFileKind;
  name: string;
}

/**
 * The form's document, checked before anything is written: none when the file input was left
 * empty; 415 for file content under another field; 422 on `field` when the content is not one of
 * the accepted kinds (an executable named "scan.pdf" included).
 */
export async function takeDocument(
  ctx: Context,
  field: string,
  fallbackName: string,
): Promise<TakenDocument | undefined> {
  const files = (ctx.request.files ?? []).filter((f) => f.size > 0 || f.filename !== '');
  if (files.length === 0) return undefined;
  const file = files[0]!;
  if (file.field !== field) throw filesNotAccepted();
  const bytes = await fs.promises.readFile(file.path);
  const kind = sniffDocument(bytes);
  if (!kind) throw errors.invalidField(field, 'documents.file_type');
  return { bytes, kind, name: documentFileName(file.filename, kind, fallbackName) };
}

/** A fresh key for a checked document, `<prefix>/<year>/<uuid>.<ext>` (never a user's text). */
export function documentKey(prefix: string, doc: TakenDocument): string {
  return `${prefix}/${new Date().getUTCFullYear()}/${randomUUID()}.${DOCUMENT_FILE_TYPES[doc.kind].extensions[0]}`;
}

/** Puts a checked document under `key` (documentKey). */
export async function putDocument(
  storage: Storage,
  key: string,
  doc: TakenDocument,
): Promise<StoredDocument> {
  const type = DOCUMENT_FILE_TYPES[doc.kind];
  const info = await storage.put(key, Readable.from([doc.bytes]), {
    contentType: type.mime,
    maxBytes: DOCUMENT_UPLOAD_MAX_BYTES,
  });
  return { key, name: doc.name, mime: type.mime, size: info.size };
}
