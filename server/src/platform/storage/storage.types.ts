import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** The object store's checksum of the bytes (S3's ETag); backups list it (server/src/ops). */
  etag?: string;
}

export interface PutOptions {
  contentType?: string;
  /** The put fails with `too_large` (and stores nothing) once the stream passes this many bytes. */
  maxBytes?: number;
}

/** Inclusive byte positions, as in an HTTP Range header; `end` past the object is clipped. */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Files by key ("recordings/2026/abc.mp4"). Puts stream with bounded memory and are atomic: readers
 * see the old object or the whole new one, and a failed put leaves nothing behind.
 */
export interface Storage {
  put(key: string, body: Readable, opts?: PutOptions): Promise<ObjectInfo>;
  /**
   * Stores a finished local file (an upload received to disk). The local driver moves it into
   * place by rename when it is on the same disk (no second copy of 1 GB); otherwise it is
   * streamed like put(). The source may be gone afterwards; the caller removes it if not.
   */
  putFile(key: string, filePath: string, opts?: PutOptions): Promise<ObjectInfo>;
  /** Throws `not_found`, or `invalid_range` when `start` is past the end (HTTP 416). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export type StorageErrorCode = 'invalid_key' | 'not_found' | 'invalid_range' | 'too_large';

/** Typed so the HTTP layer maps it: invalid_key 400, not_found 404, invalid_range 416, too_large 413. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    readonly key: string,
  ) {
    super(code);
    this.name = 'StorageError';
  }
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
