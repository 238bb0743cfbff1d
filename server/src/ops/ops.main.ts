import path from 'node:path';
import { loadConfig } from '../config.js';
import { createKnex, migrateLatest } from '../platform/db/database.js';
import { hashPassword } from '../platform/security/secrets.js';
import { createStorage } from '../platform/storage/storage.js';
import { backup, restore } from './backup.service.js';
import { createFirstAdministrator } from './first-admin.repository.js';

/**
 * `npm run backup -- --out DIR`, `npm run restore -- --from DIR` and `npm run create-admin -- --email
 * EMAIL` (the first account of an empty school), with the servers' configuration (DATABASE_URL, S3_* or DATA_DIR): docs/operations.md, "Backup and restore".
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new Error('DATABASE_URL is required (the PostgreSQL to back up or restore into)');
  const target = {
    databaseUrl: config.DATABASE_URL,
    storage: createStorage(config),
    storageKind: config.S3_BUCKET ? ('s3' as const) : ('local' as const),
    filesDir: config.S3_BUCKET ? undefined : path.join(config.DATA_DIR, 'files'),
    log: (line: string) => process.stdout.write(`${line}\n`),
  };
  if (command === 'backup') {
    const out = arg('--out');
    if (!out) throw new Error('usage: npm run backup -- --out DIR');
    await backup(target, path.resolve(out));
  } else if (command === 'restore') {
    const from = arg('--from');
    if (!from) throw new Error('usage: npm run restore -- --from DIR');
    await restore(target, path.resolve(from));
  } else if (command === 'create-admin') {
    // The password comes from the environment, never the command line (shell history, ps).
    const email = arg('--email');
    const password = process.env.ADMIN_PASSWORD ?? '';
    if (!email || password.length < 8)
      throw new Error(
        'usage: ADMIN_PASSWORD=… npm run create-admin -- --email EMAIL [--firstname NAME --surname NAME] (a password of 8+ characters)',
      );
    const knex = createKnex(config.DATABASE_URL, 2);
    try {
      await migrateLatest(knex);
      const id = await createFirstAdministrator(knex, {
        email,
        firstname: arg('--firstname') ?? 'Administrator',
        surname: arg('--surname') ?? '',
        passwordHash: await hashPassword(password),
      });
      target.log(`Administrator ${email} created (user ${id}): sign in at ${config.APP_URL}/staff/`);
    } finally {
      await knex.destroy();
    }
  } else {
    throw new Error('usage: ops.main.ts backup --out DIR | restore --from DIR | create-admin --email EMAIL');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
