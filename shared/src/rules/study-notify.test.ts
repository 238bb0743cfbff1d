import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStudyInProgress, nextProgressBoundary } from './study-notify';

const START = Date.parse('2026-11-23T10:00:00+02:00');
const END = START + 3_600_000;
const study = { start: new Date(START).toISOString(), end: new Date(END).toISOString() };

describe('nextProgressBoundary (spec part 1 §4: notify exactly while the study runs)', () => {
  it('is the start before the study, the end during it, nothing after it', () => {
    expect(nextProgressBoundary(study, START - 1)).toBe(START);
    expect(nextProgressBoundary(study, START)).toBe(END);
    expect(nextProgressBoundary(study, END - 1)).toBe(END);
    expect(nextProgressBoundary(study, END)).toBeNull();
  });

  it('is the first instant at which isStudyInProgress answers differently', () => {
    fc.assert(
      fc.property(fc.integer({ min: START - 7_200_000, max: END + 7_200_000 }), (now) => {
        const next = nextProgressBoundary(study, now);
        if (next === null) {
          expect(isStudyInProgress(study, now)).toBe(false);
          expect(isStudyInProgress(study, now + 86_400_000)).toBe(false);
          return;
        }
        expect(next).toBeGreaterThan(now);
        expect(isStudyInProgress(study, next - 1)).toBe(isStudyInProgress(study, now));
        expect(isStudyInProgress(study, next)).not.toBe(isStudyInProgress(study, now));
      }),
    );
  });
});
