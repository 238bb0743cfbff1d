import type { Writable } from 'node:stream';

/**
 * A day or a moment as a person in the school reads it: its wall-clock fields in the school's
 * time zone, kept in a Date's UTC fields (what an xlsx date cell holds: no time zone).
 */
export interface SheetDate {
  wallClock: Date;
  withTime: boolean;
}

/** A cell: text (guarded against formulas when written), a number, a date, or empty. */
export type SheetCell = string | number | SheetDate | null;

export interface SheetWriter {
  /** The headings line (text, guarded like any text cell). */
  header(names: readonly string[]): Promise<void>;
  /** Writes one row; resolves when the output can take more (backpressure). */
  addRow(cells: readonly SheetCell[]): Promise<void>;
  /** Finishes the file; resolves when the last byte went to the output. */
  end(): Promise<void>;
}

export const isSheetDate = (cell: SheetCell): cell is SheetDate =>
  typeof cell === 'object' && cell !== null && 'wallClock' in cell;

/** Waits while the output's buffer is full, so a slow client holds the producer back. */
export async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
