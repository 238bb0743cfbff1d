/**
 * The arithmetic of a windowed list (the import preview shows up to 10,000 rows): which rows a
 * viewport needs, where each starts, and how tall the whole list is. Rows have their own heights
 * (a row with three field errors is taller), so offsets are prefix sums and the first visible row
 * is found by binary search; nothing here touches the DOM, so it is tested as plain numbers.
 */

/** Where each row starts (offsets[i]) and the list's height (offsets[length]). */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < heights.length; i += 1) offsets[i + 1] = offsets[i] + heights[i];
  return offsets;
}

/** The row under a vertical position: the last row whose start is at or above it. */
export function rowAt(offsets: readonly number[], position: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle] <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

export interface VisibleWindow {
  /** First row to render (inclusive). */
  start: number;
  /** Row after the last one to render (exclusive). */
  end: number;
  /** Top of the first rendered row: the spacer above it. */
  top: number;
  /** The whole list's height: the scroller's content. */
  total: number;
}

/**
 * The rows to render for a viewport scrolled to scrollTop, with overscan rows on either side so a
 * quick scroll does not show blank space before React catches up.
 */
export function visibleWindow(
  offsets: readonly number[],
  scrollTop: number,
  viewportHeight: number,
  overscan = 5,
): VisibleWindow {
  const count = offsets.length - 1;
  const total = offsets[count] ?? 0;
  if (count <= 0) return { start: 0, end: 0, top: 0, total: 0 };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, total - viewportHeight));
  const first = rowAt(offsets, top);
  const last = rowAt(offsets, Math.max(top, top + viewportHeight - 1));
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + 1 + overscan);
  return { start, end, top: offsets[start], total };
}

/** The scrollTop that brings a row into view (unchanged when it is already wholly visible). */
export function scrollTopFor(
  offsets: readonly number[],
  index: number,
  scrollTop: number,
  viewportHeight: number,
): number {
  const rowTop = offsets[index] ?? 0;
  const rowBottom = offsets[index + 1] ?? rowTop;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return Math.max(0, rowBottom - viewportHeight);
  return scrollTop;
}
