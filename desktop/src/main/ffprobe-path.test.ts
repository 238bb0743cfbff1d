import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFfprobePath } from './ffprobe-path';

describe('resolveFfprobePath', () => {
  it('prefers SCHOOL_FFPROBE_PATH, then the packaged resource, then the npm package, then PATH', () => {
    expect(
      resolveFfprobePath({
        env: { SCHOOL_FFPROBE_PATH: '/opt/ffprobe' },
        platform: 'linux',
        isPackaged: true,
        resourcesPath: '/r',
      }),
    ).toBe('/opt/ffprobe');
    expect(
      resolveFfprobePath({
        env: {},
        platform: 'win32',
        isPackaged: true,
        resourcesPath: 'C:\\app\\resources',
      }),
    ).toBe(path.join('C:\\app\\resources', 'ffprobe', 'ffprobe.exe'));
    expect(
      resolveFfprobePath({
        env: {},
        platform: 'linux',
        isPackaged: false,
        loadInstaller: () => ({ path: '/npm/ffprobe' }),
      }),
    ).toBe('/npm/ffprobe');
    const broken = () => {
      throw new Error('not installed');
    };
    expect(resolveFfprobePath({ env: {}, platform: 'linux', isPackaged: false, loadInstaller: broken })).toBe(
      'ffprobe',
    );
  });

  it('finds the installed @ffprobe-installer binary in development', () => {
    const found = resolveFfprobePath({ env: {}, platform: process.platform, isPackaged: false });
    expect(existsSync(found)).toBe(true);
  });
});
