/**
 * The study changes the calendar's socket receives, passed on to the panels of an open study.
 * Each app keeps ONE socket (its calendar realtime hook); that hook publishes every `study:changed`
 * here, and a reconnect or `calendar:resync` as a change of every study (studyId null). The panels
 * subscribe by study id and reload what changed, so a message, a homework file or a report written
 * anywhere shows in every open modal of that study without a second connection.
 */
export interface StudyLiveChange {
  /** null: many studies changed (a bulk write, a resync, a reconnect): everything reloads. */
  studyId: number | null;
  /** The server's kind: created, updated, deleted, transferred, report, recording, message, task… */
  kind: string;
}

type Listener = (change: StudyLiveChange) => void;

export interface StudyLiveBus {
  publish(change: StudyLiveChange): void;
  /** Calls `listener` for changes of this study and for study-less ones; returns the unsubscribe. */
  subscribe(studyId: number, listener: Listener): () => void;
}

export function createStudyLiveBus(): StudyLiveBus {
  const listeners = new Map<number, Set<Listener>>();
  return {
    publish(change) {
      const targets =
        change.studyId === null ? [...listeners.values()].flatMap((set) => [...set]) : [...(listeners.get(change.studyId) ?? [])];
      for (const listener of targets) listener(change);
    },
    subscribe(studyId, listener) {
      const set = listeners.get(studyId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(studyId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(studyId);
      };
    },
  };
}

/** The page's bus: one per app (a module, like the socket it is fed by). */
export const studyLive: StudyLiveBus = createStudyLiveBus();

/** What the calendar socket's `study:changed` handler passes on (its payload, checked). */
export function publishSocketChange(payload: unknown): void {
  const change = payload as { studyId?: unknown; kind?: unknown } | null;
  if (!change || typeof change !== 'object') return;
  const studyId = typeof change.studyId === 'number' && Number.isInteger(change.studyId) ? change.studyId : null;
  const kind = typeof change.kind === 'string' ? change.kind : 'updated';
  studyLive.publish({ studyId, kind });
}

/** A reconnect or `calendar:resync`: the socket may have missed changes of any study. */
export function publishResync(): void {
  studyLive.publish({ studyId: null, kind: 'resync' });
}
