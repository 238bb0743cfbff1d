/**
 * Keeping a loaded calendar list current by the changed study, not by the whole list (issue 32).
 * Both apps hold one user's studies (the staff app in react-query, the family app in its loader);
 * on a `study:changed` that names a study they fetch that study alone through the calendar's own
 * call narrowed to its id, and patch the list they hold. Plain TypeScript, no React: the hooks of
 * both apps only wire their cache to it.
 *
 * Races, and why each answer carries a ticket (a sequence number, one counter per list):
 * - two quick changes of one study: the answer for the older ticket may come last; only the
 *   answer for the newest ticket of that study is applied;
 * - a change while a full load is in flight: the full answer may have been read before the
 *   change. Every applied single-study answer is kept (the overlay) and laid again over any full
 *   answer whose load began before that change was announced.
 */

export interface Identified {
  id: number;
}

/** The list with `study` in place of the row of `studyId`: added, replaced, or (null) removed. */
export function patchStudyRows<S extends Identified>(
  rows: readonly S[],
  studyId: number,
  study: S | null,
): S[] {
  const at = rows.findIndex((row) => row.id === studyId);
  if (study === null) return at < 0 ? [...rows] : [...rows.slice(0, at), ...rows.slice(at + 1)];
  if (at < 0) return [...rows, study];
  const next = [...rows];
  next[at] = study;
  return next;
}

interface Applied<S> {
  ticket: number;
  study: S | null;
}

/** The bookkeeping of tickets: which answer is the newest for its study, and what to lay again. */
export interface StudyListLedger<S extends Identified> {
  /** A change of the study was announced: the ticket its answer will carry. */
  changed(studyId: number): number;
  /** A full load begins: its ticket (every change announced so far is in its answer). */
  fullStarted(): number;
  /** Whether the answer for `ticket` is the newest due for the study; if so it is recorded. */
  accept(studyId: number, ticket: number, study: S | null): boolean;
  /** A full answer with every study answer announced after its load began laid over it. */
  fullAnswered(ticket: number, rows: readonly S[]): S[];
}

export function createStudyListLedger<S extends Identified>(): StudyListLedger<S> {
  let sequence = 0;
  const newest = new Map<number, number>();
  const overlay = new Map<number, Applied<S>>();
  // Tickets of the full loads still running, with how many share each (a load started twice).
  const fullsInFlight = new Map<number, number>();
  return {
    changed(studyId) {
      sequence += 1;
      newest.set(studyId, sequence);
      return sequence;
    },
    fullStarted() {
      fullsInFlight.set(sequence, (fullsInFlight.get(sequence) ?? 0) + 1);
      return sequence;
    },
    accept(studyId, ticket, study) {
      if (newest.get(studyId) !== ticket) return false;
      overlay.set(studyId, { ticket, study });
      return true;
    },
    fullAnswered(ticket, rows) {
      const running = (fullsInFlight.get(ticket) ?? 1) - 1;
      if (running > 0) fullsInFlight.set(ticket, running);
      else fullsInFlight.delete(ticket);
      let next = [...rows];
      for (const [studyId, applied] of overlay) {
        if (applied.ticket > ticket) next = patchStudyRows(next, studyId, applied.study);
      }
      // What no load still running began before is in every answer to come: forget it.
      const oldest = fullsInFlight.size === 0 ? ticket : Math.min(ticket, ...fullsInFlight.keys());
      for (const [studyId, applied] of overlay) if (applied.ticket <= oldest) overlay.delete(studyId);
      return next;
    },
  };
}

/** What the patcher needs of an app: its call narrowed to ids, and its cache. */
export interface StudyListPort<S extends Identified> {
  /** The calendar's own call (same relations and flags) for these ids only; missing ids are gone. */
  fetchStudies(ids: readonly number[]): Promise<S[]>;
  /** Applies a pure update to the held list (undefined: nothing loaded yet). */
  update(change: (rows: S[] | undefined) => S[] | undefined): void;
  /** Loads the whole list again (a change without a study id, or a failed single fetch). */
  reloadAll(): void;
  /** Runs `flush` a moment later, gathering the changes of one burst (default: setTimeout). */
  schedule?: (flush: () => void) => () => void;
}

export interface StudyListPatcher<S extends Identified> {
  /** A `study:changed` for this calendar: by id, or (null) a change of unknown studies. */
  changed(studyId: number | null): void;
  /** Wraps a full load so that changes announced while it ran are not lost. */
  loadAll(load: () => Promise<S[]>): Promise<S[]>;
}

/** Changes of one burst (a command touching several studies) go out as one call. */
export const PATCH_BATCH_MS = 50;

export function createStudyListPatcher<S extends Identified>(port: StudyListPort<S>): StudyListPatcher<S> {
  const ledger = createStudyListLedger<S>();
  const schedule =
    port.schedule ??
    ((flush: () => void) => {
      const timer = setTimeout(flush, PATCH_BATCH_MS);
      return () => clearTimeout(timer);
    });
  let batch = new Map<number, number>();
  let cancel: (() => void) | null = null;

  const flush = () => {
    cancel = null;
    const tickets = batch;
    batch = new Map();
    const ids = [...tickets.keys()];
    port.fetchStudies(ids).then(
      (found) => {
        const byId = new Map(found.map((study) => [study.id, study]));
        const answers: [number, S | null][] = [];
        for (const [studyId, ticket] of tickets) {
          const study = byId.get(studyId) ?? null;
          if (ledger.accept(studyId, ticket, study)) answers.push([studyId, study]);
        }
        if (answers.length === 0) return;
        port.update((rows) =>
          rows === undefined
            ? rows
            : answers.reduce((next, [id, study]) => patchStudyRows(next, id, study), rows),
        );
      },
      () => {
        // The change must not be lost: the whole list is read again instead.
        port.reloadAll();
      },
    );
  };

  return {
    changed(studyId) {
      if (studyId === null) {
        port.reloadAll();
        return;
      }
      batch.set(studyId, ledger.changed(studyId));
      cancel ??= schedule(flush);
    },
    async loadAll(load) {
      const ticket = ledger.fullStarted();
      try {
        return ledger.fullAnswered(ticket, await load());
      } catch (error) {
        ledger.fullAnswered(ticket, []);
        throw error;
      }
    },
  };
}
