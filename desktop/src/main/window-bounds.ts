import type { WindowBounds, WindowSize } from '../common/ipc-schemas';

/** A rectangle in screen coordinates (Electron's Rectangle, without importing Electron). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacementInput {
  /** What the store remembers for this kind of window: bounds, an older size only, or nothing. */
  saved: WindowBounds | WindowSize | undefined;
  defaults: WindowSize & { minWidth: number; minHeight: number };
  /** Work areas of the connected displays (taskbar and dock excluded); the primary one first. */
  workAreas: readonly Rect[];
  /** Windows already open (same kind): a new one steps aside instead of covering one exactly. */
  occupied?: readonly Rect[];
}

export interface Placement extends Rect {
  maximized: boolean;
}

/** How much of a window's top strip must be on a display for the user to grab and move it. */
const GRAB_WIDTH = 100;
const GRAB_HEIGHT = 32;
const CASCADE_STEP = 24;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** The display a remembered window is on, if its title strip is still visible there. */
function displayShowing(bounds: Rect, workAreas: readonly Rect[]): Rect | undefined {
  const titleStrip = { x: bounds.x, y: bounds.y, width: bounds.width, height: GRAB_HEIGHT };
  let best: { area: Rect; size: number } | undefined;
  for (const area of workAreas) {
    const strip = overlap(titleStrip, area);
    if (strip.width < GRAB_WIDTH || strip.height < GRAB_HEIGHT) continue;
    const whole = overlap(bounds, area);
    const size = whole.width * whole.height;
    if (!best || size > best.size) best = { area, size };
  }
  return best?.area;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where a window opens: where it was last (a display unplugged since, or a resolution changed,
 * brings it back onto a visible display), never larger than the display, centred on the primary
 * display when nothing usable is remembered.
 */
export function placeWindow(input: PlacementInput): Placement {
  const { defaults, workAreas } = input;
  const primary = workAreas[0] ?? { x: 0, y: 0, width: defaults.width, height: defaults.height };
  const saved = input.saved;
  const remembered = saved && 'x' in saved ? saved : undefined;
  const shownOn = remembered ? displayShowing(remembered, workAreas) : undefined;
  const area = shownOn ?? primary;

  const width = clamp(Math.max(saved?.width ?? defaults.width, defaults.minWidth), 1, area.width);
  const height = clamp(Math.max(saved?.height ?? defaults.height, defaults.minHeight), 1, area.height);
  let x = shownOn && remembered ? remembered.x : area.x + Math.round((area.width - width) / 2);
  let y = shownOn && remembered ? remembered.y : area.y + Math.round((area.height - height) / 2);
  x = clamp(x, area.x, area.x + area.width - width);
  y = clamp(y, area.y, area.y + area.height - height);

  // A second window of the same kind would open exactly on top of the first: step it aside.
  const occupied = input.occupied ?? [];
  for (let step = 0; step < 10 && occupied.some((rect) => rect.x === x && rect.y === y); step += 1) {
    const nextX = x + CASCADE_STEP;
    const nextY = y + CASCADE_STEP;
    x = nextX + width <= area.x + area.width ? nextX : area.x;
    y = nextY + height <= area.y + area.height ? nextY : area.y;
  }
  return {
    x,
    y,
    width,
    height,
    maximized: Boolean(remembered && 'maximized' in remembered && remembered.maximized),
  };
}
