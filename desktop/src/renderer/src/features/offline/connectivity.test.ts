import { describe, expect, it } from 'vitest';
import {
  connectivityFetch,
  createConnectivity,
  initialConnectivity,
  nextConnectivity,
  signalOfFetch,
  type ConnectivityState,
} from './connectivity';

/** Lets the probe's promise chain finish (no time passes: the timers are the harness's). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute));

describe('connectivity state machine', () => {
  it('goes offline at the first failure and keeps that moment through later failures', () => {
    const first = nextConnectivity(initialConnectivity, { kind: 'unreachable' }, at(1));
    expect(first).toEqual({ online: false, offlineSince: at(1), dataAsOf: null });
    expect(nextConnectivity(first, { kind: 'unreachable' }, at(5))).toBe(first);
    expect(nextConnectivity(first, { kind: 'socket', connected: false }, at(6))).toBe(first);
  });

  it('dates the data by successful answers only; any answer means online again', () => {
    const fresh = nextConnectivity(initialConnectivity, { kind: 'answer', ok: true }, at(1));
    expect(fresh.dataAsOf).toEqual(at(1));
    const offline = nextConnectivity(fresh, { kind: 'unreachable' }, at(2));
    const refused = nextConnectivity(offline, { kind: 'answer', ok: false }, at(3));
    expect(refused).toEqual({ online: true, offlineSince: null, dataAsOf: at(1) });
    expect(nextConnectivity(offline, { kind: 'answer', ok: true }, at(4)).dataAsOf).toEqual(at(4));
  });

  it('believes the socket both ways, the browser only when it says offline', () => {
    const online: ConnectivityState = { online: true, offlineSince: null, dataAsOf: at(0) };
    const dropped = nextConnectivity(online, { kind: 'socket', connected: false }, at(1));
    expect(dropped.online).toBe(false);
    expect(nextConnectivity(dropped, { kind: 'socket', connected: true }, at(2))).toEqual(online);
    const browserOffline = nextConnectivity(online, { kind: 'browser', online: false }, at(3));
    expect(browserOffline.offlineSince).toEqual(at(3));
    expect(nextConnectivity(browserOffline, { kind: 'browser', online: true }, at(4))).toBe(browserOffline);
  });

  it('counts network errors and proxy 502-504 as unreachable, aborts as nothing', () => {
    expect(signalOfFetch({ error: new TypeError('Failed to fetch') })).toEqual({ kind: 'unreachable' });
    for (const status of [502, 503, 504]) {
      expect(signalOfFetch({ response: { status } })).toEqual({ kind: 'unreachable' });
    }
    expect(signalOfFetch({ response: { status: 500 } })).toEqual({ kind: 'answer', ok: false });
    expect(signalOfFetch({ response: { status: 401 } })).toEqual({ kind: 'answer', ok: false });
    expect(signalOfFetch({ response: { status: 304 } })).toEqual({ kind: 'answer', ok: true });
    expect(signalOfFetch({ error: new DOMException('gone', 'AbortError') })).toBeNull();
  });
});

describe('connectivity object', () => {
  function harness() {
    const timers: { run: () => void; ms: number }[] = [];
    let minute = 0;
    let serverUp = false;
    const probes: number[] = [];
    const state = createConnectivity({
      now: () => at(minute),
      probeDelaysMs: { first: 5, max: 20 },
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => timers.splice(0),
    });
    state.setProbe(async () => {
      probes.push(minute);
      state.report(serverUp ? { kind: 'answer', ok: true } : { kind: 'unreachable' });
    });
    return {
      state,
      timers,
      probes,
      tick: (m: number) => (minute = m),
      serverComesBack: () => (serverUp = true),
    };
  }

  it('probes the server while offline with growing delays and stops once it answers', async () => {
    const { state, timers, probes, tick, serverComesBack } = harness();
    const seen: boolean[] = [];
    state.subscribe((s) => seen.push(s.online));
    state.report({ kind: 'unreachable' });
    expect(timers.map((t) => t.ms)).toEqual([5]);
    tick(1);
    timers.shift()?.run();
    await settle();
    expect(probes).toEqual([1]);
    expect(timers.map((t) => t.ms)).toEqual([10]);
    serverComesBack();
    tick(2);
    timers.shift()?.run();
    await settle();
    expect(state.getState()).toEqual({ online: true, offlineSince: null, dataAsOf: at(2) });
    expect(seen).toEqual([false, true]);
    expect(timers).toEqual([]);
  });

  it('a browser "online" event probes at once instead of trusting it', async () => {
    const { state, probes, tick } = harness();
    state.report({ kind: 'browser', online: false });
    tick(3);
    state.report({ kind: 'browser', online: true });
    await settle();
    expect(probes).toEqual([3]);
    expect(state.getState().online).toBe(false);
  });

  it('restored data dates the state only when nothing fresher came', () => {
    const { state, tick } = harness();
    state.restoredDataAsOf(at(0));
    expect(state.getState().dataAsOf).toEqual(at(0));
    tick(7);
    state.report({ kind: 'answer', ok: true });
    state.restoredDataAsOf(at(1));
    expect(state.getState().dataAsOf).toEqual(at(7));
  });

  it('connectivityFetch reports what the network did and passes it on unchanged', async () => {
    const { state } = harness();
    const failing = connectivityFetch(() => Promise.reject(new TypeError('Failed to fetch')), state);
    await expect(failing('/api/user')).rejects.toThrow('Failed to fetch');
    expect(state.getState().online).toBe(false);
    const answering = connectivityFetch(async () => new Response('{}', { status: 200 }), state);
    expect((await answering('/api/user')).status).toBe(200);
    expect(state.getState().online).toBe(true);
  });
});
