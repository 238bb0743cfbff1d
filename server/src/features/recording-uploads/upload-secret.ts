import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the generated signing secret is kept when UPLOADER_JWT_SECRET is not set. */
export const SECRET_FILE_NAME = 'uploader-jwt.secret';
export const MIN_SECRET_LENGTH = 32;

export interface UploadSecretConfig {
  UPLOADER_JWT_SECRET?: string;
  DATA_DIR: string;
}

/** The secret is missing or unusable: the upload service answers `server_configuration`. */
export class UploadSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadSecretError';
  }
}

export const secretFilePath = (dataDir: string) => path.join(dataDir, SECRET_FILE_NAME);

async function readSecretFile(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw new UploadSecretError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new UploadSecretError(`${file} holds fewer than ${MIN_SECRET_LENGTH} characters`);
  return secret;
}

/**
 * The HS256 secret shared by the API (which signs upload tokens) and the upload service (which
 * checks them): UPLOADER_JWT_SECRET, else the file `$DATA_DIR/uploader-jwt.secret`. With `create`
 * (the API and `npm start`), a missing file is made once with 32 random bytes, readable by the
 * owner only; two processes racing to make it end up with the same one. The upload service never
 * creates it: a missing secret there is a configuration error, not a new key nobody signs with.
 */
export async function loadUploadSecret(
  config: UploadSecretConfig,
  opts: { create: boolean },
): Promise<string> {
  if (config.UPLOADER_JWT_SECRET) return config.UPLOADER_JWT_SECRET;
  const file = secretFilePath(config.DATA_DIR);
  const existing = await readSecretFile(file);
  if (existing) return existing;
  if (!opts.create) throw new UploadSecretError(`UPLOADER_JWT_SECRET is not set and ${file} does not exist`);
  try {
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST')
      throw new UploadSecretError(`cannot write ${file}: ${(err as Error).message}`);
  }
  const made = await readSecretFile(file);
  if (!made) throw new UploadSecretError(`${file} disappeared`);
  return made;
}

/** Loads once and keeps the secret; a failure is not kept, so a repaired file is picked up. */
export function uploadSecretSource(
  config: UploadSecretConfig,
  opts: { create: boolean },
): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= loadUploadSecret(config, opts).catch((err) => {
      secret = undefined;
      throw err;
    });
    return secret;
  };
}
