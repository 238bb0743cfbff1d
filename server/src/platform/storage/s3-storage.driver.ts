import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { assertValidKey, countBytes } from './storage-guards.js';
import { DEFAULT_CONTENT_TYPE, StorageError, type ObjectInfo, type Storage } from './storage.types.js';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, R2...); unset = AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset = the SDK's default chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Memory per put is about partSize x (queueSize + 2): parts in flight, one filling, one copy. */
  partSizeBytes?: number;
  queueSize?: number;
}

/**
 * An S3 bucket. A put is a multipart upload: S3 keeps the parts out of sight until
 * CompleteMultipartUpload commits them as one object, and aborts them when the stream fails; a
 * body smaller than one part is sent as a single PutObject only once it has been read whole.
 */
export function createS3Storage(cfg: S3StorageConfig): Storage {
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    credentials: cfg.credentials,
    // Checksum trailers (aws-chunked bodies) are AWS-only; S3-compatible servers reject them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = cfg.bucket;

  async function info(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? DEFAULT_CONTENT_TYPE,
        ...(head.ETag ? { etag: head.ETag } : {}),
      };
    } catch (err) {
      if (status(err) === 404) return null;
      throw err;
    }
  }

  return {
    async put(key, body, opts = {}) {
      assertValidKey(key);
      const contentType = opts.contentType ?? DEFAULT_CONTENT_TYPE;
      const counter = countBytes(key, opts.maxBytes);
      // A failing source destroys the counter with its error, which fails the upload.
      pipeline(body, counter, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: contentType },
        partSize: cfg.partSizeBytes ?? 5 * 1024 * 1024,
        queueSize: cfg.queueSize ?? 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        counter.destroy();
        throw counter.errored ?? err;
      }
      return { key, size: counter.bytes(), contentType };
    },

    putFile(key, filePath, opts = {}) {
      return this.put(key, createReadStream(filePath), opts);
    },

    async get(key, range) {
      assertValidKey(key);
      if (
        range &&
        (!Number.isInteger(range.start) ||
          range.start < 0 ||
          (range.end !== undefined && !(Number.isInteger(range.end) && range.end >= range.start)))
      ) {
        throw new StorageError('invalid_range', key);
      }
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (status(err) === 404) throw new StorageError('not_found', key);
        if (status(err) === 416) throw new StorageError('invalid_range', key);
        throw err;
      }
    },

    stat: info,
    exists: async (key) => (await info(key)) !== null,

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}
