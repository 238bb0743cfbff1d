import { describe, expect, it } from 'vitest';
import { bytesPerFile, nextCreepAt, uploadPercent, type UploadProgressState } from './recordings-progress';

const T0 = 1_700_000_000_000;
const state = (over: Partial<UploadProgressState>): UploadProgressState => ({
  route: 'direct',
  sentBytes: 0,
  totalBytes: 1000,
  finalizingSince: null,
  done: false,
  ...over,
});

describe('upload progress (spec part 1 §4, §9)', () => {
  it('shows the real share of bytes when sending to the API, held at 99 % until it answers', () => {
    expect(uploadPercent(state({ sentBytes: 0 }), T0)).toBe(0);
    expect(uploadPercent(state({ sentBytes: 505 }), T0)).toBe(50);
    expect(uploadPercent(state({ sentBytes: 900 }), T0)).toBe(90);
    expect(uploadPercent(state({ sentBytes: 1000, finalizingSince: T0 }), T0 + 60_000)).toBe(99);
    expect(uploadPercent(state({ sentBytes: 1000, done: true }), T0)).toBe(100);
    expect(nextCreepAt(state({ sentBytes: 1000, finalizingSince: T0 }), T0)).toBeNull();
  });

  it('caps the upload service at 80 % until finalizing, then adds 1 % per second up to 99 %', () => {
    const service = (over: Partial<UploadProgressState>) => state({ route: 'service', ...over });
    expect(uploadPercent(service({ sentBytes: 500 }), T0)).toBe(50);
    expect(uploadPercent(service({ sentBytes: 950 }), T0)).toBe(80);
    const finalizing = service({ sentBytes: 1000, finalizingSince: T0 });
    expect(uploadPercent(finalizing, T0)).toBe(80);
    expect(uploadPercent(finalizing, T0 + 999)).toBe(80);
    expect(uploadPercent(finalizing, T0 + 1000)).toBe(81);
    expect(uploadPercent(finalizing, T0 + 5_500)).toBe(85);
    expect(uploadPercent(finalizing, T0 + 19_000)).toBe(99);
    expect(uploadPercent(finalizing, T0 + 3_600_000)).toBe(99);
    expect(uploadPercent({ ...finalizing, done: true }, T0 + 2000)).toBe(100);
    expect(nextCreepAt(finalizing, T0 + 1500)).toBe(T0 + 2000);
    expect(nextCreepAt(finalizing, T0 + 19_000)).toBeNull();
    expect(nextCreepAt(service({ sentBytes: 10 }), T0)).toBeNull();
  });

  it('spreads the bytes of one form over its files in order', () => {
    // 100 bytes of boundaries and metadata, then files of 300, 0 and 600 bytes.
    expect(bytesPerFile([300, 0, 600], 0, 1000)).toEqual([0, 0, 0]);
    expect(bytesPerFile([300, 0, 600], 250, 1000)).toEqual([150, 0, 0]);
    expect(bytesPerFile([300, 0, 600], 700, 1000)).toEqual([300, 0, 300]);
    expect(bytesPerFile([300, 0, 600], 1000, 1000)).toEqual([300, 0, 600]);
  });
});
