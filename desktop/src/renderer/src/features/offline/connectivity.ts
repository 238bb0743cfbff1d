import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the staff app can reach its server (issue 34), fed by what actually happens:
 * - every API answer (connectivityFetch wraps the API client's fetch): a network failure (fetch's
 *   TypeError, the server unreachable) or a 502/503/504 from a proxy (Electron's app:// proxy,
 *   nginx) marks offline; any other answer marks online, a successful one also dates the data;
 * - the socket's disconnect (not one we asked for) and connect;
 * - the browser's online/offline events (offline at once; online only leads to a probe).
 * While offline a probe asks the server again now and then; react-query's onlineManager follows
 * this state, so queries pause offline instead of failing and retrying.
 */
export interface ConnectivityState {
  online: boolean;
  /** When the app noticed the connection was gone; null while online. */
  offlineSince: Date | null;
  /** When the last successful answer came (or, starting offline, the newest cached data). */
  dataAsOf: Date | null;
}

export type ConnectivitySignal =
  /** The server answered; ok: a successful answer (2xx/3xx), its data is fresh as of now. */
  | { kind: 'answer'; ok: boolean }
  /** A request failed before the server answered (or a proxy said it could not reach it). */
  | { kind: 'unreachable' }
  /** The socket connected, or lost its connection (a disconnect we asked for is not reported). */
  | { kind: 'socket'; connected: boolean }
  /** navigator.onLine and its events: offline is believed; online only means "worth a probe". */
  | { kind: 'browser'; online: boolean };

export const initialConnectivity: ConnectivityState = { online: true, offlineSince: null, dataAsOf: null };

/** The state machine itself: pure, so every transition is unit-tested. */
export function nextConnectivity(
  state: ConnectivityState,
  signal: ConnectivitySignal,
  now: Date,
): ConnectivityState {
  const goOffline = (): ConnectivityState =>
    state.online ? { ...state, online: false, offlineSince: now } : state;
  const goOnline = (fresh: boolean): ConnectivityState => {
    if (state.online && !fresh) return state;
    return { online: true, offlineSince: null, dataAsOf: fresh ? now : state.dataAsOf };
  };
  switch (signal.kind) {
    case 'answer':
      return goOnline(signal.ok);
    case 'unreachable':
      return goOffline();
    case 'socket':
      return signal.connected ? goOnline(false) : goOffline();
    case 'browser':
      return signal.online ? state : goOffline();
  }
}

/** Statuses a proxy answers with when the server behind it is down or unreachable. */
const PROXY_UNREACHABLE = new Set([502, 503, 504]);

/** How a fetch outcome counts: null for an abort (the caller gave up, the server said nothing). */
export function signalOfFetch(outcome: { response: { status: number } } | { error: unknown }) {
  if ('response' in outcome) {
    const { status } = outcome.response;
    if (PROXY_UNREACHABLE.has(status)) return { kind: 'unreachable' } as const;
    return { kind: 'answer', ok: status < 400 } as const;
  }
  const { error } = outcome;
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  return { kind: 'unreachable' } as const;
}

export interface ConnectivityOptions {
  now?: () => Date;
  /** Asks the server once (any request through connectivityFetch reports its own outcome). */
  probe?: () => Promise<unknown>;
  /** Probe delays while offline: the first, then doubled up to the last. */
  probeDelaysMs?: { first: number; max: number };
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface Connectivity {
  getState(): ConnectivityState;
  subscribe(listener: (state: ConnectivityState) => void): () => void;
  report(signal: ConnectivitySignal): void;
  /** Starting offline with restored data: how old it is (kept only if nothing fresher came). */
  restoredDataAsOf(date: Date): void;
  /** The server to probe while offline (set once the API client exists). */
  setProbe(probe: (() => Promise<unknown>) | null): void;
  /** Asks the server now (a browser "online" event, a "Retry" button). */
  probeNow(): void;
}

export function createConnectivity(options: ConnectivityOptions = {}): Connectivity {
  const now = options.now ?? (() => new Date());
  const delays = options.probeDelaysMs ?? { first: 5_000, max: 30_000 };
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let probe = options.probe ?? null;
  let state = initialConnectivity;
  const listeners = new Set<(state: ConnectivityState) => void>();
  let timer: unknown = null;
  let delay = delays.first;
  let probing = false;

  const stopProbing = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    delay = delays.first;
  };
  const runProbe = () => {
    if (!probe || probing) return;
    probing = true;
    void probe()
      .catch(() => undefined)
      .finally(() => {
        probing = false;
        if (!state.online) schedule();
      });
  };
  function schedule(): void {
    if (timer !== null || !probe) return;
    timer = setTimer(() => {
      timer = null;
      runProbe();
    }, delay);
    delay = Math.min(delay * 2, delays.max);
  }
  const set = (next: ConnectivityState) => {
    if (next === state) return;
    const wasOnline = state.online;
    state = next;
    if (next.online) stopProbing();
    else if (wasOnline) schedule();
    listeners.forEach((listener) => listener(state));
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    report(signal) {
      if (signal.kind === 'browser' && signal.online && !state.online) {
        stopProbing();
        runProbe();
        return;
      }
      set(nextConnectivity(state, signal, now()));
    },
    restoredDataAsOf(date) {
      if (!state.dataAsOf || state.dataAsOf < date) set({ ...state, dataAsOf: date });
    },
    setProbe(next) {
      probe = next;
      if (!state.online) schedule();
    },
    probeNow() {
      if (state.online) return;
      stopProbing();
      runProbe();
    },
  };
}

/** The app's one connectivity state (the API client, the socket and the banner share it). */
export const connectivity: Connectivity = createConnectivity();

/** A fetch that reports each outcome; the API client is given it as its fetchImpl. */
export function connectivityFetch(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  target: Connectivity = connectivity,
): typeof fetch {
  return async (input, init) => {
    try {
      const response = await fetchImpl(input, init);
      const signal = signalOfFetch({ response });
      if (signal) target.report(signal);
      return response;
    } catch (error) {
      const signal = signalOfFetch({ error });
      if (signal) target.report(signal);
      throw error;
    }
  };
}

/**
 * react-query's onlineManager follows this state instead of the browser's events: offline,
 * queries pause (a never-loaded one stays pending, fetchStatus 'paused') and resume when back.
 */
export function driveOnlineManager(target: Connectivity = connectivity): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(target.getState().online);
    return target.subscribe((state) => setOnline(state.online));
  });
}

/** navigator.onLine and its events feed the state (the window's, in the app). */
export function watchBrowserOnline(scope: Window, target: Connectivity = connectivity): () => void {
  const offline = () => target.report({ kind: 'browser', online: false });
  const online = () => target.report({ kind: 'browser', online: true });
  if (!scope.navigator.onLine) offline();
  scope.addEventListener('offline', offline);
  scope.addEventListener('online', online);
  return () => {
    scope.removeEventListener('offline', offline);
    scope.removeEventListener('online', online);
  };
}

/** socket.io's disconnect reasons that the app itself caused (a page leaving its socket). */
const DELIBERATE_DISCONNECTS = new Set(['io client disconnect', 'io server disconnect']);

/** Feeds a socket.io client's connect and disconnect events into the state. */
export function reportSocket(
  socket: { on(event: string, listener: (reason?: unknown) => void): unknown },
  target: Connectivity = connectivity,
): void {
  socket.on('connect', () => target.report({ kind: 'socket', connected: true }));
  socket.on('disconnect', (reason) => {
    if (typeof reason === 'string' && DELIBERATE_DISCONNECTS.has(reason)) return;
    target.report({ kind: 'socket', connected: false });
  });
}

/** The state for a component; re-renders on every change. */
export function useConnectivity(target: Connectivity = connectivity): ConnectivityState {
  return useSyncExternalStore(target.subscribe, target.getState, target.getState);
}
