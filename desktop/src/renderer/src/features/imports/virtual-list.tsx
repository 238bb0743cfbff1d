import { useMemo, useState, type ReactNode } from 'react';
import { rowOffsets, visibleWindow } from './virtual-window';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Each item's height in px (the rendered row must be exactly that tall). */
  heightOf: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string | number;
  /** The scroller's height in px. */
  height: number;
  className?: string;
  testId?: string;
}

/**
 * A list that renders only the rows in view (plus a few either side) inside a scroller as tall as
 * all of them: 10,000 preview rows cost a few dozen DOM nodes. The arithmetic is virtual-window.ts.
 */
export function VirtualList<T>({
  items,
  heightOf,
  renderItem,
  itemKey,
  height,
  className,
  testId,
}: VirtualListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const offsets = useMemo(() => rowOffsets(items.map(heightOf)), [items, heightOf]);
  const view = visibleWindow(offsets, scrollTop, height);
  const shown = items.slice(view.start, view.end);
  return (
    <div
      className={className}
      style={{ height: Math.min(height, view.total || height), overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid={testId}
      role="list"
    >
      <div style={{ height: view.total, position: 'relative' }}>
        <div style={{ position: 'absolute', top: view.top, left: 0, right: 0 }}>
          {shown.map((item, offset) => (
            <div key={itemKey(item)} style={{ height: heightOf(item) }} role="listitem">
              {renderItem(item, view.start + offset)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
