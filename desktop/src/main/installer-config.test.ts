import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveFfprobePath } from './ffprobe-path';

/**
 * The Electron binary cannot be downloaded on these machines, so installers are not built here:
 * this checks build/electron-builder.yml instead, as electron-builder would read it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const projectDir = path.join(root, 'desktop');
const fromProject = (relative: string) => path.resolve(projectDir, relative);
const config = load(fs.readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8'));

const targets = (...names: string[]) =>
  z
    .array(z.string())
    .refine((list) => names.every((name) => list.includes(name)), `needs ${names.join(', ')}`);
const builderConfigSchema = z.object({
  appId: z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+){2,}$/),
  productName: z.string().min(1),
  directories: z.object({ buildResources: z.string(), output: z.string() }),
  files: z.array(z.string()).min(1),
  asar: z.literal(true),
  asarUnpack: z.array(z.string()),
  extraResources: z.array(z.object({ from: z.string(), to: z.string(), filter: z.array(z.string()) })),
  win: z.object({ target: targets('nsis'), icon: z.string() }),
  nsis: z.object({ oneClick: z.boolean() }),
  mac: z.object({ target: targets('dmg'), icon: z.string() }),
  linux: z.object({ target: targets('AppImage', 'deb'), icon: z.string(), maintainer: z.string().min(1) }),
});
const parsed = builderConfigSchema.parse(config);

function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('electron-builder configuration', () => {
  it('builds NSIS, dmg, AppImage and deb for the school app id', () => {
    expect(parsed.appId).toBe('ua.school.desktop');
    expect(parsed.win.target).toEqual(['nsis']);
    expect(parsed.mac.target).toEqual(['dmg']);
    expect(parsed.linux.target).toEqual(['AppImage', 'deb']);
  });

  it('names icons that exist: a 512×512 PNG, an .ico and an .icns', () => {
    expect(fs.existsSync(fromProject(parsed.directories.buildResources))).toBe(true);
    expect(pngSize(fromProject(parsed.linux.icon))).toEqual([512, 512]);
    const ico = fs.readFileSync(fromProject(parsed.win.icon));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico[6 + 16 * (ico.readUInt16LE(4) - 1)]]).toEqual([
      0, 1, 0,
    ]); // largest frame 256 px
    expect(fs.readFileSync(fromProject(parsed.mac.icon)).subarray(0, 4).toString('ascii')).toBe('icns');
  });

  it('packs the built app (package.json main included by files)', () => {
    const pkg = JSON.parse(fs.readFileSync(fromProject('package.json'), 'utf8')) as {
      main: string;
      scripts: Record<string, string>;
      author?: unknown;
    };
    expect(parsed.files).toContain('package.json');
    expect(
      parsed.files.some((pattern) => pattern.endsWith('/**') && pkg.main.startsWith(pattern.slice(0, -2))),
    ).toBe(true);
    expect(pkg.scripts.dist).toContain('--config ../build/electron-builder.yml');
    // deb needs a maintainer; electron-builder takes the author's e-mail otherwise.
    expect(pkg.author).toBeTruthy();
  });

  it('ships ffprobe outside the asar archive, where the packaged app looks for it', () => {
    const resource = parsed.extraResources.find((entry) => entry.from.includes('@ffprobe-installer'));
    expect(resource).toBeDefined();
    const from = fromProject(
      resource!.from.replace('${platform}', process.platform).replace('${arch}', process.arch),
    );
    const binary = process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe';
    expect(resource!.filter).toContain(binary);
    expect(fs.existsSync(path.join(from, binary))).toBe(true);
    const packaged = resolveFfprobePath({
      env: {},
      platform: process.platform,
      isPackaged: true,
      resourcesPath: '/app/resources',
    });
    expect(packaged).toBe(path.join('/app/resources', resource!.to, binary));
    expect(parsed.asarUnpack.some((pattern) => pattern.includes('@ffprobe-installer'))).toBe(true);
  });
});
