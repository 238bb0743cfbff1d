import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../config.js';

/**
 * deploy/ (docs/operations.md) holds what a school copies to its server: the systemd units must
 * restart what exits and run what the build makes; the production environment must name only
 * variables the server reads and be a valid configuration once its placeholders are filled.
 */

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const keys = (unit: string) =>
  Object.fromEntries(
    unit
      .split('\n')
      .filter((l) => /^\w+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

describe('deploy/', () => {
  it('the systemd units restart a process that exits, with a back-off, and run the built entry points', () => {
    const build = read('server/build.mjs');
    for (const [file, entry] of [
      ['deploy/systemd/school-api@.service', 'main'],
      ['deploy/systemd/school-uploader.service', 'upload-service'],
    ] as const) {
      const unit = keys(read(file));
      expect(unit, file).toMatchObject({
        Restart: 'always',
        RestartSec: '2',
        RestartSteps: '5',
        RestartMaxDelaySec: '60',
        KillSignal: 'SIGTERM',
        EnvironmentFile: '/etc/school/school.env',
      });
      expect(unit.ExecStart, file).toBe(`/usr/bin/node server/dist/${entry}.js`);
      expect(build).toMatch(new RegExp(`'?${entry}'?: new URL`));
    }
    expect(read('deploy/systemd/school-api@.service')).toMatch(/^Environment=UPLOADER_START=0$/m);
  });

  it('the production environment names only variables the server reads, and loads once filled in', () => {
    const lines = read('deploy/school.env.example').split('\n');
    const set = Object.fromEntries(
      lines
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const named = lines.map((l) => /^#?\s?([A-Z][A-Z0-9_]+)=/.exec(l)?.[1]).filter((v): v is string => !!v);
    expect(named.filter((v) => !CONFIG_VARIABLES.includes(v))).toEqual([]);
    const config = loadConfig(
      {},
      { ...set, PORT: '8080', UPLOADER_JWT_SECRET: 'x'.repeat(64), METRICS_TOKEN: 'y'.repeat(32) },
    );
    expect(config).toMatchObject({
      SESSION_COOKIE_SECURE: true,
      TRUST_PROXY: true,
      SEED_DEMO: false,
      APP_URL: 'https://school.example.org',
    });
  });

  it('the nginx template keeps /metrics private and streams /upload', () => {
    const conf = read('deploy/nginx/school.conf.template');
    expect(conf).toMatch(/location = \/metrics \{ return 404; \}/);
    expect(conf).toMatch(/location = \/upload \{[^}]*proxy_request_buffering off;[^}]*\}/s);
  });
});
