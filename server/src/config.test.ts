import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('storage settings', () => {
  it('defaults to local files, with path-style off and a region', () => {
    const c = loadConfig({});
    expect(c.S3_BUCKET).toBeUndefined();
    expect(c.S3_REGION).toBe('us-east-1');
    expect(c.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('reads a complete S3-compatible set', () => {
    const c = loadConfig({
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'school-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(c).toMatchObject({
      S3_BUCKET: 'school-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('stops start-up on a half-configured S3, naming the field', () => {
    expect(() => loadConfig({ S3_BUCKET: 'school-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b1x', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
