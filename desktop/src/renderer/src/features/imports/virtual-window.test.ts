import { describe, expect, it } from 'vitest';
import { rowAt, rowOffsets, scrollTopFor, visibleWindow } from './virtual-window';

describe('windowed list arithmetic', () => {
  it('starts each row where the rows above it end', () => {
    expect(rowOffsets([30, 50, 30])).toEqual([0, 30, 80, 110]);
    expect(rowOffsets([])).toEqual([0]);
  });

  it('finds the row under a position, its start included and its end excluded', () => {
    const offsets = rowOffsets([30, 50, 30]);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 29)).toBe(0);
    expect(rowAt(offsets, 30)).toBe(1);
    expect(rowAt(offsets, 79)).toBe(1);
    expect(rowAt(offsets, 80)).toBe(2);
    expect(rowAt(offsets, 10_000)).toBe(2);
  });

  it('renders a few dozen of 10,000 rows wherever the list is scrolled', () => {
    const offsets = rowOffsets(Array.from({ length: 10_000 }, (_, i) => (i % 7 === 0 ? 60 : 32)));
    const total = offsets[10_000];
    for (const scrollTop of [0, 1234, total / 2, total - 400]) {
      const view = visibleWindow(offsets, scrollTop, 400, 5);
      expect(view.total).toBe(total);
      expect(view.end - view.start).toBeLessThan(30);
      // The rendered rows cover the viewport entirely.
      expect(offsets[view.start]).toBeLessThanOrEqual(scrollTop);
      expect(offsets[view.end]).toBeGreaterThanOrEqual(Math.min(total, scrollTop + 400));
      expect(view.top).toBe(offsets[view.start]);
    }
  });

  it('adds overscan rows on both sides and stops at the list ends', () => {
    const offsets = rowOffsets(Array.from({ length: 100 }, () => 10));
    expect(visibleWindow(offsets, 0, 50, 3)).toEqual({ start: 0, end: 8, top: 0, total: 1000 });
    expect(visibleWindow(offsets, 500, 50, 3)).toEqual({ start: 47, end: 58, top: 470, total: 1000 });
    expect(visibleWindow(offsets, 5000, 50, 3)).toEqual({ start: 92, end: 100, top: 920, total: 1000 });
  });

  it('shows every row of a list shorter than the viewport and nothing of an empty one', () => {
    expect(visibleWindow(rowOffsets([20, 20]), 0, 500)).toEqual({ start: 0, end: 2, top: 0, total: 40 });
    expect(visibleWindow(rowOffsets([]), 100, 500)).toEqual({ start: 0, end: 0, top: 0, total: 0 });
  });

  it('scrolls a row into view only when it is not wholly visible', () => {
    const offsets = rowOffsets(Array.from({ length: 100 }, () => 10));
    expect(scrollTopFor(offsets, 50, 0, 100)).toBe(410);
    expect(scrollTopFor(offsets, 5, 200, 100)).toBe(50);
    expect(scrollTopFor(offsets, 25, 200, 100)).toBe(200);
  });
});
