import { describe, expect, it } from 'vitest';
import { placeWindow } from './window-bounds';

const defaults = { width: 1280, height: 800, minWidth: 960, minHeight: 600 };
const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('window placement', () => {
  it('centres a first window on the primary display at the default size', () => {
    expect(placeWindow({ saved: undefined, defaults, workAreas: [laptop] })).toEqual({
      x: 320,
      y: 120,
      width: 1280,
      height: 800,
      maximized: false,
    });
  });

  it('reopens where it was, on the second monitor, maximized if it was', () => {
    const saved = { x: 2100, y: 50, width: 1500, height: 900, maximized: true };
    expect(placeWindow({ saved, defaults, workAreas: [laptop, rightMonitor] })).toEqual(saved);
  });

  it('brings a window back when its monitor was unplugged', () => {
    const saved = { x: 2100, y: 50, width: 1500, height: 900 };
    expect(placeWindow({ saved, defaults, workAreas: [laptop] })).toEqual({
      x: 210,
      y: 70,
      width: 1500,
      height: 900,
      maximized: false,
    });
  });

  it('pulls a window whose title bar left the screen back inside, and shrinks it to the display', () => {
    const small = { x: 0, y: 0, width: 1366, height: 728 };
    const placed = placeWindow({
      saved: { x: 1200, y: -500, width: 1800, height: 1000 },
      defaults,
      workAreas: [small],
    });
    expect(placed).toMatchObject({ width: 1366, height: 728, x: 0, y: 0 });
  });

  it('keeps a partly visible window on its display, moved fully inside', () => {
    const placed = placeWindow({
      saved: { x: 1500, y: 600, width: 1000, height: 700 },
      defaults,
      workAreas: [laptop],
    });
    expect(placed).toMatchObject({ x: 920, y: 340, width: 1000, height: 700 });
  });

  it('uses an older remembered size (no position) and never goes below the minimum', () => {
    expect(placeWindow({ saved: { width: 500, height: 400 }, defaults, workAreas: [laptop] })).toMatchObject({
      width: 960,
      height: 600,
    });
  });

  it('steps a second window of the same kind aside instead of covering the first', () => {
    const first = placeWindow({ saved: undefined, defaults, workAreas: [laptop] });
    const second = placeWindow({ saved: undefined, defaults, workAreas: [laptop], occupied: [first] });
    expect([second.x - first.x, second.y - first.y]).toEqual([24, 24]);
  });
});
