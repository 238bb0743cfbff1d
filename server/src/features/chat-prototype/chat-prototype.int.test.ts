import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { type DemoRole, useTestDatabase } from '../../../test/harness.test-kit.js';
import {
  openCalendarClient,
  refusalOf,
  sessionCookie,
  startAppProcess,
  type AppProcess,
} from '../../platform/realtime/realtime.test-kit.js';
import type { ChatAck, ChatLine, ChatMember, ChatSignal } from '../../platform/realtime/realtime.types.js';

/**
 * The chat prototype (issue 17.3, spec part 2 §7) between real socket clients of a real server:
 * rooms, public lines only to the room, signalling only to the addressed peer, and refusals.
 * Absence is proven by order: a later line the socket must receive arrives first.
 */
const ICE = [
  { urls: ['stun:stun.example.org:3478'] },
  { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' },
];

const db = useTestDatabase();
let app: AppProcess;
const opened: ClientSocket[] = [];

interface ChatClient {
  socket: ClientSocket;
  peer: string;
  lines: ChatLine[];
  signals: ChatSignal[];
  members: Array<{ room: string; members: ChatMember[] }>;
  emit(event: string, body: unknown): Promise<ChatAck>;
  line(match: (l: ChatLine) => boolean): Promise<ChatLine>;
  signal(match: (s: ChatSignal) => boolean): Promise<ChatSignal>;
}

/** Resolves with the first item (already there or still to come) that matches. */
function waitIn<T>(list: T[], socket: ClientSocket, event: string, match: (v: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const found = list.find(match);
    if (found) return resolve(found);
    const timer = setTimeout(
      () => reject(new Error(`no matching ${event}; got ${JSON.stringify(list)}`)),
      5000,
    );
    const check = () => {
      const hit = list.find(match);
      if (!hit) return;
      clearTimeout(timer);
      socket.off(event, check);
      resolve(hit);
    };
    socket.on(event, check);
  });
}

async function chatAs(role: DemoRole): Promise<ChatClient> {
  const http = await app.signInAs(role);
  const { socket } = await openCalendarClient(app.url, sessionCookie(http));
  opened.push(socket);
  const client: ChatClient = {
    socket,
    peer: socket.id!,
    lines: [],
    signals: [],
    members: [],
    emit: (event, body) => socket.timeout(5000).emitWithAck(event, body),
    line: (match) => waitIn(client.lines, socket, 'newMessage', match),
    signal: (match) => waitIn(client.signals, socket, 'privateMessagePCSignaling', match),
  };
  // Listeners registered first, so waitIn's checks run after the push.
  socket.prependAny((event: string, payload: any) => {
    if (event === 'newMessage') client.lines.push(payload);
    if (event === 'privateMessagePCSignaling') client.signals.push(payload);
    if (event === 'roomMembers') client.members.push(payload);
  });
  return client;
}

beforeAll(async () => {
  app = await startAppProcess(db.url, { CHAT_ICE_SERVERS: JSON.stringify(ICE) });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await app?.close();
});

describe('rooms and public messages', () => {
  it('joining answers the members and the configured STUN/TURN servers; a line reaches its room only, sent as the session', async () => {
    const admin = await chatAs('Administrator');
    const manager = await chatAs('Manager');
    const teacher = await chatAs('Teacher');
    expect(await admin.emit('joinRoom', { room: 'test' })).toMatchObject({
      ok: true,
      room: 'test',
      peer: admin.peer,
      iceServers: ICE,
    });
    const joined = await manager.emit('joinRoom', { room: 'test' });
    expect(joined.ok && joined.members?.map((m) => m.peer).sort()).toEqual([admin.peer, manager.peer].sort());
    expect(await teacher.emit('joinRoom', { room: 'other' })).toMatchObject({ ok: true });
    // The admin hears that the manager came.
    await waitIn(admin.members, admin.socket, 'roomMembers', (u) =>
      u.members.some((m) => m.peer === manager.peer && m.status === 'available'),
    );

    // Who sent it is the session's user, whatever the body claims.
    expect(
      await admin.emit('publicMessage', {
        room: 'test',
        user_id: 999,
        username: 'Someone else',
        message: '  Добрий день  ',
      }),
    ).toEqual({ ok: true });
    for (const c of [admin, manager]) {
      expect(await c.line((l) => l.room === 'test')).toMatchObject({
        room: 'test',
        message: 'Добрий день',
        username: expect.stringMatching(/\S/),
        from: admin.peer,
      });
    }
    const line = await manager.line(() => true);
    expect(line.user_id).not.toBe(999);
    expect(line.username).not.toBe('Someone else');

    // The teacher's own room answers; the line of 'test' never reached it.
    expect(await teacher.emit('publicMessage', { room: 'other', message: 'тут' })).toEqual({ ok: true });
    await teacher.line((l) => l.message === 'тут');
    expect(teacher.lines.map((l) => l.message)).toEqual(['тут']);
    expect(manager.lines.map((l) => l.message)).toEqual(['Добрий день']);

    // A line to a room one is not in is refused; after leaving, the room's lines stop.
    expect(await teacher.emit('publicMessage', { room: 'test', message: 'x' })).toEqual({
      ok: false,
      code: 'not_in_room',
    });
    expect(await manager.emit('leaveRoom', { room: 'test' })).toEqual({ ok: true });
    await waitIn(admin.members, admin.socket, 'roomMembers', (u) => u.members.length === 1);
    expect(await admin.emit('publicMessage', { room: 'test', message: 'ще тут?' })).toEqual({ ok: true });
    await admin.line((l) => l.message === 'ще тут?');
    expect(await manager.emit('joinRoom', { room: 'test' })).toMatchObject({ ok: true });
    expect(await admin.emit('publicMessage', { room: 'test', message: 'знову' })).toEqual({ ok: true });
    await manager.line((l) => l.message === 'знову');
    expect(manager.lines.map((l) => l.message)).toEqual(['Добрий день', 'знову']);

    // leaveChat leaves every room.
    expect(await teacher.emit('leaveChat', {})).toEqual({ ok: true });
    expect(await teacher.emit('publicMessage', { room: 'other', message: 'x' })).toEqual({
      ok: false,
      code: 'not_in_room',
    });
  });
});

describe('private calls', () => {
  it('offer, answer, candidates and the close reach the addressed peer only; a private line only the two', async () => {
    const [a, b, c] = [await chatAs('Administrator'), await chatAs('Manager'), await chatAs('Methodologist')];
    for (const x of [a, b, c])
      expect(await x.emit('joinRoom', { room: 'calls' })).toMatchObject({ ok: true });

    expect(await a.emit('joinPrivateRoom', { room: 'calls', to: b.peer })).toEqual({ ok: true });
    await waitIn(c.members, c.socket, 'roomMembers', (u) =>
      u.members.some((m) => m.peer === a.peer && m.status === 'busy'),
    );
    const offer = { type: 'offer', sdp: 'v=0 offer' };
    // `from` is the server's: a forged one is replaced.
    expect(
      await a.emit('privateMessagePCSignaling', { room: 'calls', to: b.peer, from: c.peer, desc: offer }),
    ).toEqual({ ok: true });
    expect(await b.signal((s) => s.desc?.type === 'offer')).toEqual({
      room: 'calls',
      from: a.peer,
      to: b.peer,
      desc: offer,
    });

    expect(await b.emit('joinPrivateRoom', { room: 'calls', to: a.peer })).toEqual({ ok: true });
    expect(
      await b.emit('privateMessagePCSignaling', {
        room: 'calls',
        to: a.peer,
        desc: { type: 'answer', sdp: 'v=0 answer' },
      }),
    ).toEqual({ ok: true });
    expect((await a.signal((s) => s.desc?.type === 'answer')).from).toBe(b.peer);
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 10.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect(await a.emit('privateMessagePCSignaling', { room: 'calls', to: b.peer, candidate })).toEqual({
      ok: true,
    });
    expect((await b.signal((s) => !!s.candidate)).candidate).toEqual(candidate);

    expect(await a.emit('privateMessage', { room: 'calls', to: b.peer, message: 'чуєте мене?' })).toEqual({
      ok: true,
    });
    for (const x of [a, b])
      expect(await x.line((l) => l.message === 'чуєте мене?')).toMatchObject({
        private: true,
        from: a.peer,
        to: b.peer,
      });

    expect(await a.emit('leavePrivateRoom', { room: 'calls', to: b.peer })).toEqual({ ok: true });
    expect(await b.signal((s) => s.close === true)).toEqual({
      room: 'calls',
      from: a.peer,
      to: b.peer,
      close: true,
    });

    // The third member heard none of it: a later public line arrives, nothing else did.
    expect(await b.emit('publicMessage', { room: 'calls', message: 'кінець' })).toEqual({ ok: true });
    await c.line((l) => l.message === 'кінець');
    expect(c.signals).toEqual([]);
    expect(c.lines.map((l) => l.message)).toEqual(['кінець']);
  });

  it('closing the window ends its call: the peer hears close', async () => {
    const [a, b] = [await chatAs('Administrator'), await chatAs('Manager')];
    for (const x of [a, b]) expect(await x.emit('joinRoom', { room: 'hangup' })).toMatchObject({ ok: true });
    expect(await a.emit('joinPrivateRoom', { room: 'hangup', to: b.peer })).toEqual({ ok: true });
    a.socket.close();
    expect(await b.signal((s) => s.close === true)).toMatchObject({ from: a.peer, close: true });
  });
});

describe('refusals', () => {
  it('a signed-out socket is not opened; a Student or a Responsible is refused every chat event', async () => {
    expect(await refusalOf(app.url)).toBe('unauthenticated');
    const staff = await chatAs('Teacher');
    expect(await staff.emit('joinRoom', { room: 'test' })).toMatchObject({ ok: true });
    for (const role of ['Student', 'Responsible'] as const) {
      const x = await chatAs(role);
      expect(await x.emit('joinRoom', { room: 'test' })).toEqual({ ok: false, code: 'forbidden' });
      expect(await x.emit('publicMessage', { room: 'test', message: 'привіт' })).toEqual({
        ok: false,
        code: 'forbidden',
      });
      expect(
        await x.emit('privateMessagePCSignaling', {
          room: 'test',
          to: staff.peer,
          desc: { type: 'offer', sdp: 'v=0' },
        }),
      ).toEqual({ ok: false, code: 'forbidden' });
    }
    expect(await staff.emit('publicMessage', { room: 'test', message: 'тільки я' })).toEqual({ ok: true });
    await staff.line((l) => l.message === 'тільки я');
    expect(staff.signals).toEqual([]);
  });

  it('bad bodies are invalid, peers outside the room not_in_room, a flood rate_limited', async () => {
    const [a, b] = [await chatAs('Administrator'), await chatAs('Manager')];
    expect(await a.emit('publicMessage', { room: 'test', message: 'before joining' })).toEqual({
      ok: false,
      code: 'not_in_room',
    });
    const invalid = { ok: false, code: 'invalid' };
    for (const [event, body] of [
      ['joinRoom', { room: 'user:1' }],
      ['joinRoom', { room: '' }],
      ['joinRoom', 'test'],
      ['joinRoom', { room: 'test', extra: 1 }],
      ['publicMessage', { room: 'test', message: '   ' }],
      ['publicMessage', { room: 'test', message: 'x'.repeat(1001) }],
      ['changeStatus', { room: 'test', status: 'asleep' }],
      ['privateMessagePCSignaling', { room: 'test', to: b.peer }],
      [
        'privateMessagePCSignaling',
        { room: 'test', to: b.peer, desc: { type: 'offer', sdp: 'x' }, candidate: { candidate: 'x' } },
      ],
      ['privateMessagePCSignaling', { room: 'test', to: b.peer, desc: { type: 'rollback', sdp: 'x' } }],
      ['privateMessage', { room: 'test', to: '../x', message: 'x' }],
    ] as const) {
      expect([event, body, await a.emit(event, body)]).toEqual([event, body, invalid]);
    }
    expect(await a.emit('joinRoom', { room: 'test' })).toMatchObject({ ok: true });
    // The peer is not in the room (yet): nothing is relayed to it.
    expect(
      await a.emit('privateMessagePCSignaling', {
        room: 'test',
        to: b.peer,
        desc: { type: 'offer', sdp: 'v=0' },
      }),
    ).toEqual({ ok: false, code: 'not_in_room' });
    expect(await a.emit('joinPrivateRoom', { room: 'test', to: a.peer })).toEqual({
      ok: false,
      code: 'not_in_room',
    });
    expect(await a.emit('changeStatus', { room: 'test', status: 'away' })).toEqual({ ok: true });

    const flooder = await chatAs('Teacher');
    expect(await flooder.emit('joinRoom', { room: 'test' })).toMatchObject({ ok: true });
    const answers: ChatAck[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(await flooder.emit('publicMessage', { room: 'test', message: `#${i}` }));
    expect(answers.slice(0, 10).every((x) => x.ok)).toBe(true);
    expect(answers.at(-1)).toEqual({ ok: false, code: 'rate_limited' });
    expect(b.signals).toEqual([]);
  });
});
