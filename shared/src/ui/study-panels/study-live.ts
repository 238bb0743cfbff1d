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

/** What the socket offers the panels: `study:open` / `study:close` of the study rooms. */
export interface StudyRoomPort {
  open(studyId: number): void;
  close(studyId: number): void;
}

export interface StudyLiveBus {
  publish(change: StudyLiveChange): void;
  /** Calls `listener` for changes of this study and for study-less ones; returns the unsubscribe. */
  subscribe(studyId: number, listener: Listener): () => void;
  /**
   * A study is shown (a modal, a form): its room is joined on the socket, now or when one
   * connects, so its changes come even when no watched calendar names it. Returns the release.
   */
  openStudy(studyId: number): () => void;
  /** The socket, on every (re)connect: it joins the rooms of the studies shown. Returns the detach. */
  attachRooms(port: StudyRoomPort): () => void;
}

export function createStudyLiveBus(): StudyLiveBus {
  const listeners = new Map<number, Set<Listener>>();
  const shown = new Map<number, number>();
  let port: StudyRoomPort | null = null;
  return {
    openStudy(studyId) {
      const count = shown.get(studyId) ?? 0;
      shown.set(studyId, count + 1);
      if (count === 0) port?.open(studyId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (shown.get(studyId) ?? 1) - 1;
        if (left > 0) shown.set(studyId, left);
        else {
          shown.delete(studyId);
          port?.close(studyId);
        }
      };
    },
    attachRooms(next) {
      port = next;
      for (const studyId of shown.keys()) next.open(studyId);
      return () => {
        if (port === next) port = null;
      };
    },
    publish(change) {
      const targets =
        change.studyId === null
          ? [...listeners.values()].flatMap((set) => [...set])
          : [...(listeners.get(change.studyId) ?? [])];
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
  const studyId =
    typeof change.studyId === 'number' && Number.isInteger(change.studyId) ? change.studyId : null;
  const kind = typeof change.kind === 'string' ? change.kind : 'updated';
  studyLive.publish({ studyId, kind });
}

/** A reconnect or `calendar:resync`: the socket may have missed changes of any study. */
export function publishResync(): void {
  studyLive.publish({ studyId: null, kind: 'resync' });
}
