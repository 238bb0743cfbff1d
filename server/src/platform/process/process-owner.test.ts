import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { currentOwner, formatOwner, ownerIsGone, parseOwner } from './process-owner.js';

describe('process owners of half-done work', () => {
  it('round-trips through its text form', () => {
    const me = currentOwner();
    expect(parseOwner(formatOwner(me))).toEqual(me);
    expect(parseOwner('../etc~1~ab')).toBeNull();
  });

  it('is gone when its process exited, or when it is an earlier start with our pid; alive otherwise', () => {
    const me = currentOwner();
    expect(ownerIsGone(formatOwner(me))).toBe(false);
    const exited = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(ownerIsGone(formatOwner({ ...me, pid: exited }))).toBe(true);
    expect(ownerIsGone(formatOwner({ ...me, boot: 'abc123' }))).toBe(true);
    // Another host: cannot tell, so not gone (age decides).
    expect(ownerIsGone(formatOwner({ ...me, host: 'elsewhere', pid: exited }))).toBe(false);
    expect(ownerIsGone('not an owner')).toBe(false);
  });
});
