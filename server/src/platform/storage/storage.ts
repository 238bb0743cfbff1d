import path from 'node:path';
import { createLocalStorage } from './local-storage.driver.js';
import { createS3Storage, type S3StorageConfig } from './s3-storage.driver.js';
import type { Storage } from './storage.types.js';

export * from './storage.types.js';
export { assertValidKey } from './storage-guards.js';

export interface StorageConfig {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/** S3 when S3_BUCKET is set; otherwise files under $DATA_DIR/files. */
export function createStorage(config: StorageConfig): Storage {
  if (config.S3_BUCKET) {
    const s3: S3StorageConfig = {
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    };
    return createS3Storage(s3);
  }
  return createLocalStorage({ root: path.join(config.DATA_DIR, 'files') });
}
