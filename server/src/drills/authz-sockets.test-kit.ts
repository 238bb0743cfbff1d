import { io as connect, type Socket } from 'socket.io-client';
import type { RealtimeChannel } from '../platform/realtime/realtime.types.js';
import { LITERAL, ROLES, type Role, type SignedInRole } from './authz-spec.test-kit.js';
import type { School } from './authz-school.test-kit.js';
import {
  all,
  any,
  can,
  expectedOutcome,
  related,
  roles,
  signedIn,
  targets,
  type Need,
  type Outcome,
} from './authz-matrix.test-kit.js';

/**
 * The socket events of the drill: every event a channel of the built app listens to, as every
 * role (signed out: the handshake itself), against the spec: whose calendar and which lesson a
 * session may watch live (docs/api.md "Real time": the same read rules as REST), and the chat
 * prototype, the staff's (docs/api.md "Chat prototype").
 */

/** socket.io's own events, which no channel answers with an ack. */
const RESERVED = new Set(['disconnect', 'disconnecting', 'error']);

/**
 * The events the channels register, read by handing each channel a stand-in socket that records
 * `on(event)`: an event added to any channel is in the list without a list to keep in sync.
 */
export function channelEvents(channels: readonly RealtimeChannel[]): string[] {
  const events = new Set<string>();
  const noop = () => undefined;
  const socket = new Proxy({} as Record<string | symbol, unknown>, {
    get: (_t, prop) => (prop === 'on' ? (event: string) => events.add(event) : prop === 'data' ? {} : noop),
  });
  const ctx = { reauthenticate: async () => null, onAuthChange: noop, recheck: noop };
  for (const channel of channels) channel(socket as never, ctx as never);
  return [...events].filter((e) => !RESERVED.has(e)).sort();
}

interface SocketCase {
  target: string;
  need: Need;
  body(ctx: { room: string; peer: string; user: number | null }): unknown;
}

export function socketMatrix(s: School): Record<string, SocketCase[]> {
  const t = targets(s);
  const staff = roles(...(LITERAL.staff as SignedInRole[]));
  const room = (c: { room: string }) => ({ room: c.room });
  const toPeer = (c: { room: string; peer: string }) => ({ room: c.room, to: c.peer });
  // Whose calendar: the user themself, a Responsible their children, a teacher the students they
  // teach, Administrator and Manager anyone (docs/api.md "Real time").
  const calendar = (label: string, user: number) => {
    const u = t.user(label, user);
    return {
      target: label,
      need: any(
        related(u, 'self'),
        related(u, 'child'),
        all(roles('Teacher', 'Methodologist'), related(u, 'myStudent')),
        roles('Administrator', 'Manager'),
      ),
      body: () => ({ userId: user }),
    };
  };
  const lesson = (label: string, study: number) => ({
    target: label,
    need: can('read', 'study', t.studyRow(label, { study })),
    body: () => ({ studyId: study }),
  });
  return {
    'calendar:subscribe': [
      calendar('child A', s.A.child),
      calendar('child B', s.B.child),
      calendar('teacher A', s.A.teacher),
      { target: 'self', need: signedIn, body: (c) => ({ userId: c.user }) },
    ],
    'calendar:unsubscribe': [{ target: 'child B', need: signedIn, body: () => ({ userId: s.B.child }) }],
    'study:open': [
      lesson('study A', s.A.study),
      lesson('study B', s.B.study),
      lesson('group lesson', s.group.study),
    ],
    'study:close': [{ target: 'study B', need: signedIn, body: () => ({ studyId: s.B.study }) }],
    joinRoom: [{ target: 'room', need: staff, body: room }],
    changeStatus: [{ target: 'room', need: staff, body: (c) => ({ ...room(c), status: 'busy' }) }],
    publicMessage: [{ target: 'room', need: staff, body: (c) => ({ ...room(c), message: 'Привіт' }) }],
    privateMessage: [{ target: 'a peer', need: staff, body: (c) => ({ ...toPeer(c), message: 'Особисто' }) }],
    joinPrivateRoom: [{ target: 'a peer', need: staff, body: toPeer }],
    privateMessagePCSignaling: [
      {
        target: 'a peer',
        need: staff,
        body: (c) => ({ ...toPeer(c), candidate: { candidate: '', sdpMid: '0', sdpMLineIndex: 0 } }),
      },
    ],
    leavePrivateRoom: [{ target: 'a peer', need: staff, body: toPeer }],
    leaveRoom: [{ target: 'room', need: staff, body: room }],
    leaveChat: [{ target: 'all rooms', need: staff, body: () => ({}) }],
  };
}

export interface SocketAnswer {
  event: string;
  target: string;
  role: Role;
  expected: Outcome;
  got: Outcome | 'other';
  code?: string;
}

async function open(url: string, cookie?: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { Cookie: cookie } : {},
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return socket;
}

const cookieOf = (s: School, role: SignedInRole) =>
  `school_session=${s.clients[role].cookies.get('school_session')}`;

/**
 * Every event of the matrix as every role, in the matrix's order (the chat's join first, its
 * leaves last), each on the role's own socket; a staff peer in the room answers private calls.
 */
export async function runSocketMatrix(
  s: School,
  matrix: Record<string, SocketCase[]>,
): Promise<SocketAnswer[]> {
  const room = 'drill';
  const helper = await open(
    s.srv.url,
    `school_session=${(await s.sessionOf(s.people.manager)).cookies.get('school_session')}`,
  );
  const joined = (await helper.timeout(5000).emitWithAck('joinRoom', { room })) as {
    ok: boolean;
    peer: string;
  };
  const answers: SocketAnswer[] = [];
  try {
    for (const role of ROLES) {
      const user = role === 'SignedOut' ? null : s.userOf[role];
      let socket: Socket | null = null;
      let refusedAtHandshake = '';
      try {
        socket = await open(s.srv.url, role === 'SignedOut' ? undefined : cookieOf(s, role));
      } catch (err) {
        refusedAtHandshake = (err as Error).message;
      }
      for (const [event, cases] of Object.entries(matrix)) {
        for (const c of cases) {
          const expected = expectedOutcome(role, user, c.need);
          if (!socket) {
            answers.push({
              event,
              target: c.target,
              role,
              expected,
              got: 'refused',
              code: refusedAtHandshake,
            });
            continue;
          }
          const ack = (await socket
            .timeout(5000)
            .emitWithAck(event, c.body({ room, peer: joined.peer, user }))) as { ok: boolean; code?: string };
          const got: Outcome | 'other' = ack.ok
            ? 'granted'
            : ack.code === 'forbidden' || ack.code === 'unauthenticated'
              ? 'refused'
              : 'other';
          answers.push({ event, target: c.target, role, expected, got, code: ack.code });
        }
      }
      socket?.close();
    }
  } finally {
    helper.close();
  }
  return answers;
}
