import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStudyListPatcher, patchStudyRows, type StudyListPatcher } from './study-list-sync';

/**
 * A model server (studies with a start and a version; a study is in the calendar's window when its
 * start is not negative) and a client holding the list through the patcher. Every call is a
 * request that the test answers in two steps, at any moment and in any order: `serve` reads the
 * server's state then, `deliver` hands that answer to the client later, as a slow network would.
 */
interface Row {
  id: number;
  start: number;
  v: number;
}

interface Request {
  ids: number[] | null;
  answer?: Row[];
  resolve(rows: Row[]): void;
  reject(error: Error): void;
}

class Harness {
  readonly server = new Map<number, Row>();
  readonly events: (number | null)[] = [];
  readonly requests: Request[] = [];
  readonly flushes: (() => void)[] = [];
  held: Row[] | undefined;
  fullRequests = 0;
  idRequests = 0;
  readonly patcher: StudyListPatcher<Row>;

  constructor(initial: Row[]) {
    for (const row of initial) this.server.set(row.id, row);
    this.patcher = createStudyListPatcher<Row>({
      fetchStudies: (ids) => {
        this.idRequests += 1;
        return this.request([...ids]);
      },
      update: (change) => {
        this.held = change(this.held);
      },
      reloadAll: () => this.startFull(),
      schedule: (flush) => {
        this.flushes.push(flush);
        return () => this.flushes.splice(this.flushes.indexOf(flush), 1);
      },
    });
  }

  visible(ids: number[] | null): Row[] {
    return [...this.server.values()]
      .filter((row) => row.start >= 0 && (ids === null || ids.includes(row.id)))
      .map((row) => ({ ...row }));
  }

  request(ids: number[] | null): Promise<Row[]> {
    return new Promise((resolve, reject) => this.requests.push({ ids, resolve, reject }));
  }

  startFull(): void {
    this.fullRequests += 1;
    // As the apps do: whatever the load returns becomes the held list.
    void this.patcher
      .loadAll(() => this.request(null))
      .then(
        (rows) => {
          this.held = rows;
        },
        () => this.startFull(),
      );
  }

  change(id: number, kind: 'move' | 'edit' | 'delete', start: number): void {
    const row = this.server.get(id);
    if (kind === 'delete') this.server.delete(id);
    else if (!row) this.server.set(id, { id, start, v: 0 });
    else this.server.set(id, { id, start: kind === 'move' ? start : row.start, v: row.v + 1 });
    this.events.push(id);
  }

  serve(i: number): void {
    const waiting = this.requests.filter((r) => !r.answer);
    const request = waiting[i % Math.max(waiting.length, 1)];
    if (request) request.answer = this.visible(request.ids);
  }

  async deliver(i: number, fail = false): Promise<void> {
    const served = this.requests.filter((r) => r.answer);
    const request = served[i % Math.max(served.length, 1)];
    if (!request) return;
    this.requests.splice(this.requests.indexOf(request), 1);
    if (fail) request.reject(new Error('network'));
    else request.resolve(request.answer ?? []);
    await settle();
  }

  async drain(): Promise<void> {
    while (this.events.length > 0 || this.flushes.length > 0 || this.requests.length > 0) {
      while (this.events.length > 0) this.patcher.changed(this.events.shift() ?? null);
      while (this.flushes.length > 0) this.flushes.shift()?.();
      for (let i = 0; i < this.requests.length; i += 1) this.serve(i);
      while (this.requests.length > 0) await this.deliver(0);
    }
  }
}

/** Lets the promise chains of an answer run to their end (a handful of microtask turns). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}
const byId = (rows: readonly Row[] | undefined) => [...(rows ?? [])].sort((a, b) => a.id - b.id);

async function started(initial: Row[]): Promise<Harness> {
  const h = new Harness(initial);
  h.startFull();
  h.serve(0);
  await h.deliver(0);
  return h;
}

// Full reloads and failures repair everything: rarer, so that races between answers stay unrepaired.
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('change' as const),
      id: fc.integer({ min: 1, max: 2 }),
      kind: fc.constantFrom('move' as const, 'edit' as const, 'delete' as const),
      start: fc.integer({ min: -3, max: 9 }),
      now: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('event' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('bulk' as const) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('flush' as const) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('serve' as const), i: fc.nat(5) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('deliver' as const),
      i: fc.nat(5),
      fail: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('full' as const) }) },
);

describe('a calendar list patched by the changed study', () => {
  it('after any sequence of changes, answers and reloads, equals a fresh full list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 8 }), start: fc.integer({ min: -3, max: 9 }) }), {
          maxLength: 6,
        }),
        fc.array(step, { minLength: 5, maxLength: 30 }),
        async (initial, steps) => {
          const seed = [...new Map(initial.map((row) => [row.id, { ...row, v: 0 }])).values()];
          const h = await started(seed);
          for (const s of steps) {
            if (s.op === 'change') {
              h.change(s.id, s.kind, s.start);
              // Announced and asked for at once: races between answers come up more often.
              if (s.now) {
                while (h.events.length > 0) h.patcher.changed(h.events.shift() ?? null);
                h.flushes.shift()?.();
              }
            } else if (s.op === 'event' && h.events.length > 0) h.patcher.changed(h.events.shift() ?? null);
            else if (s.op === 'bulk') h.patcher.changed(null);
            else if (s.op === 'flush') h.flushes.shift()?.();
            else if (s.op === 'serve') h.serve(s.i);
            else if (s.op === 'deliver') await h.deliver(s.i, s.fail);
            else if (s.op === 'full') h.startFull();
          }
          await h.drain();
          expect(byId(h.held)).toEqual(byId(h.visible(null)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('fetches only the changed studies, once per burst, and no list', async () => {
    const h = await started([
      { id: 1, start: 1, v: 0 },
      { id: 2, start: 2, v: 0 },
      { id: 3, start: 3, v: 0 },
    ]);
    h.change(2, 'edit', 0);
    h.change(3, 'move', -1);
    h.change(4, 'edit', 5);
    await h.drain();
    expect(h.fullRequests).toBe(1);
    expect(h.idRequests).toBe(1);
    expect(byId(h.held)).toEqual([
      { id: 1, start: 1, v: 0 },
      { id: 2, start: 2, v: 1 },
      { id: 4, start: 5, v: 0 },
    ]);
  });

  it('ends with the newer of two quick changes when the older answer comes last', async () => {
    const h = await started([{ id: 1, start: 1, v: 0 }]);
    h.change(1, 'edit', 0);
    h.patcher.changed(h.events.shift() ?? null);
    h.flushes.shift()?.();
    h.serve(0); // read: v1
    h.change(1, 'edit', 0);
    h.patcher.changed(h.events.shift() ?? null);
    h.flushes.shift()?.();
    h.serve(1); // read: v2
    await h.deliver(1); // v2 lands first
    await h.deliver(0); // then the older v1
    expect(h.held).toEqual([{ id: 1, start: 1, v: 2 }]);
  });

  it('keeps a change announced while a full load was in flight whose answer came before it', async () => {
    const h = await started([{ id: 1, start: 1, v: 0 }]);
    h.startFull();
    h.serve(0); // the full answer is read before the change
    h.change(1, 'edit', 0);
    h.patcher.changed(h.events.shift() ?? null);
    h.flushes.shift()?.();
    h.serve(1);
    await h.deliver(1); // the study's answer (v1) first
    await h.deliver(0); // then the older full list (v0)
    expect(h.held).toEqual([{ id: 1, start: 1, v: 1 }]);
  });

  it('reloads the whole list for a change without a study id', async () => {
    const h = await started([]);
    h.patcher.changed(null);
    expect(h.fullRequests).toBe(2);
  });
});

describe('patchStudyRows', () => {
  it('adds, replaces and removes by id without touching the given list', () => {
    const rows = [{ id: 1 }, { id: 2 }];
    expect(patchStudyRows(rows, 3, { id: 3 })).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(patchStudyRows(rows, 2, null)).toEqual([{ id: 1 }]);
    expect(patchStudyRows(rows, 9, null)).toEqual(rows);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
