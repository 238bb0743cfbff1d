import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.driver.js';
import { createS3Storage } from './s3-storage.driver.js';
import { storageContract } from './storage-contract.test-kit.js';
import { createStorage } from './storage.js';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

storageContract('local directory', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-local-'));
  const root = path.join(dir, 'files');
  return {
    storage: createLocalStorage({ root }),
    // Everything in the directory, temporary files and metadata included, plus anything beside it.
    leftovers: async () =>
      [...(await filesUnder(root)), ...(await filesUnder(dir)).filter((f) => !f.startsWith('files'))].filter(
        (f) => !f.startsWith('.meta/'),
      ),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

/**
 * s3rver in a child process of the test, on a free port: in this process its request buffers
 * would count against the driver in the memory check.
 */
async function startS3rver(dir: string, bucket: string) {
  const script = `
    const { default: S3rver } = await import('s3rver');
    const s = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1], configureBuckets: [{ name: process.argv[2] }] });
    const { port } = await s.run();
    process.stdout.write(port + '\\n');
    process.stdin.on('end', () => s.close().then(() => process.exit(0))).resume();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([status]) => {
    throw new Error(`s3rver exited with ${status}`);
  });
  const [line] = (await Promise.race([once(createInterface({ input: child.stdout! }), 'line'), exited])) as [
    string,
  ];
  return {
    port: Number(line),
    async close() {
      exited.catch(() => {});
      child.stdin!.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

storageContract('S3 (s3rver)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-s3-'));
  const server = await startS3rver(dir, 'school-test');
  const cfg = {
    bucket: 'school-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${server.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client = new S3Client({ ...cfg });
  return {
    storage: createS3Storage(cfg),
    async leftovers() {
      const res = await client.send(new ListObjectsV2Command({ Bucket: cfg.bucket }));
      return (res.Contents ?? []).map((o) => o.Key!);
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('createStorage', () => {
  it('uses $DATA_DIR/files unless S3_BUCKET is set', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'storage-cfg-'));
    try {
      const storage = createStorage({ DATA_DIR: dir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
      await storage.put('a/b.txt', (await import('node:stream')).Readable.from([Buffer.from('x')]));
      expect(await filesUnder(path.join(dir, 'files'))).toContain('a/b.txt');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
