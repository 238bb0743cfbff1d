import type { z } from 'zod';
import type { AuthState } from '../../platform/security/auth-state.js';
import type {
  ChatAck,
  ChatMember,
  RealtimeChannel,
  RealtimeSocket,
} from '../../platform/realtime/realtime.types.js';
import type { IceServer } from './chat-ice-servers.js';
import { chatRateLimits } from './chat-rate.limiter.js';
import {
  changeStatusBody,
  leaveChatBody,
  privateMessageBody,
  privateRoomBody,
  publicMessageBody,
  roomBody,
  signalingBody,
} from './chat-prototype.schemas.js';

/** Chat rooms live under their own prefix: no name a client picks reaches a calendar or a study. */
const chatRoom = (room: string) => `chat:${room}`;
/** A few rooms at once; a runaway client gets `too_many`. */
const MAX_ROOMS_PER_SOCKET = 10;

/** The school's own people (`read school_internal`: Administrator, Manager, Teacher, Methodologist). */
const isStaff = (auth: AuthState | undefined) => !!auth && auth.ability.can('read', 'school_internal');
const usernameOf = (auth: AuthState) => [auth.user.firstname, auth.user.surname].filter(Boolean).join(' ');

type Rooms = Map<string, Map<string, ChatMember>>;

/**
 * The chat prototype (spec part 2 §2, §4, §7) on the app's session-authenticated sockets: rooms,
 * public lines, private lines and WebRTC signalling relayed between two peers. Only staff take
 * part (the effective role, judged again on every event and on every change of the session's
 * rights); every body is checked against its schema; lines are limited in length and rate.
 * Answers go through the ack ({ ok } or { ok: false, code }); no error text ever reaches a client.
 *
 * Members live in this process's memory: a prototype, served by one process (several processes
 * would need the rooms fanned out through the database, as study changes are).
 */
export function chatPrototypeChannel(iceServers: readonly IceServer[]): RealtimeChannel {
  const rooms: Rooms = new Map();

  const membersOf = (room: string) => [...(rooms.get(room)?.values() ?? [])];
  const isMember = (room: string, peer: string) => rooms.get(room)?.has(peer) ?? false;

  return (socket, ctx) => {
    const limits = chatRateLimits();
    const mine = new Set<string>();
    /** Calls this socket is in: `${room}\n${peer}`; the other side hears `close` when it ends. */
    const calls = new Set<string>();

    const announce = (room: string) =>
      socket.nsp.to(chatRoom(room)).emit('roomMembers', { room, members: membersOf(room) });

    const setStatus = (room: string, status: ChatMember['status']) => {
      const me = rooms.get(room)?.get(socket.id);
      if (!me || me.status === status) return;
      me.status = status;
      announce(room);
    };

    const endCall = (room: string, peer: string) => {
      if (!calls.delete(`${room}\n${peer}`)) return;
      socket.to(peer).emit('privateMessagePCSignaling', { room, from: socket.id, to: peer, close: true });
      setStatus(room, 'available');
    };

    const leave = async (room: string) => {
      for (const call of [...calls]) {
        const [callRoom, peer] = call.split('\n');
        if (callRoom === room) endCall(room, peer!);
      }
      mine.delete(room);
      const members = rooms.get(room);
      members?.delete(socket.id);
      if (members?.size === 0) rooms.delete(room);
      await socket.leave(chatRoom(room));
      announce(room);
    };
    const leaveAll = async () => {
      for (const room of [...mine]) await leave(room);
    };

    // A sign-out ends the socket (disconnect below); a switch to a non-staff role leaves the chat.
    ctx.onAuthChange(async (auth) => {
      if (!isStaff(auth)) await leaveAll();
      else
        for (const room of mine) {
          const me = rooms.get(room)?.get(socket.id);
          if (me) me.username = usernameOf(auth);
        }
    });
    socket.on('disconnect', () => void leaveAll());

    /**
     * One event: the rate, the body, the staff check, then the handler. A handler's failure is
     * answered `server_error`, its text kept on the server.
     */
    function on<S extends z.ZodType>(
      event: Parameters<RealtimeSocket['on']>[0],
      limit: () => boolean,
      schema: S,
      handle: (body: z.infer<S>, auth: AuthState) => Promise<ChatAck> | ChatAck,
    ) {
      socket.on(event, async (body: unknown, ack?: unknown) => {
        const answer = (value: ChatAck) => {
          if (typeof ack === 'function') ack(value);
        };
        if (!limit()) return answer({ ok: false, code: 'rate_limited' });
        const parsed = schema.safeParse(body);
        if (!parsed.success) return answer({ ok: false, code: 'invalid' });
        const auth = socket.data.auth;
        if (!isStaff(auth)) return answer({ ok: false, code: 'forbidden' });
        try {
          answer(await handle(parsed.data, auth));
        } catch {
          answer({ ok: false, code: 'server_error' });
        }
      });
    }

    on('joinRoom', limits.control, roomBody, async ({ room }) => {
      // The handshake may be hours old: the join reads the session again, as calendars do.
      const auth = await ctx.reauthenticate().catch(() => null);
      if (!auth) {
        socket.disconnect(true);
        return { ok: false, code: 'unauthenticated' };
      }
      socket.data.auth = auth;
      if (!isStaff(auth)) return { ok: false, code: 'forbidden' };
      if (!mine.has(room) && mine.size >= MAX_ROOMS_PER_SOCKET) return { ok: false, code: 'too_many' };
      mine.add(room);
      const members = rooms.get(room) ?? new Map<string, ChatMember>();
      rooms.set(room, members);
      members.set(socket.id, {
        peer: socket.id,
        user_id: auth.user.id,
        username: usernameOf(auth),
        status: 'available',
      });
      await socket.join(chatRoom(room));
      announce(room);
      return { ok: true, room, peer: socket.id, members: membersOf(room), iceServers: [...iceServers] };
    });

    on('leaveRoom', limits.control, roomBody, async ({ room }) => {
      if (mine.has(room)) await leave(room);
      return { ok: true };
    });

    on('leaveChat', limits.control, leaveChatBody, async () => {
      await leaveAll();
      return { ok: true };
    });

    on('changeStatus', limits.control, changeStatusBody, ({ room, status }) => {
      if (!mine.has(room)) return { ok: false, code: 'not_in_room' };
      setStatus(room, status);
      return { ok: true };
    });

    on('publicMessage', limits.message, publicMessageBody, ({ room, message }, auth) => {
      if (!mine.has(room)) return { ok: false, code: 'not_in_room' };
      socket.nsp.to(chatRoom(room)).emit('newMessage', {
        room,
        user_id: auth.user.id,
        username: usernameOf(auth),
        message,
        from: socket.id,
        sent_at: new Date().toISOString(),
      });
      return { ok: true };
    });

    on('privateMessage', limits.message, privateMessageBody, ({ room, to, message }, auth) => {
      if (!mine.has(room) || !isMember(room, to)) return { ok: false, code: 'not_in_room' };
      const line = {
        room,
        user_id: auth.user.id,
        username: usernameOf(auth),
        message,
        from: socket.id,
        to,
        private: true,
        sent_at: new Date().toISOString(),
      };
      socket.emit('newMessage', line);
      socket.to(to).emit('newMessage', line);
      return { ok: true };
    });

    // A call: the caller joins the private room with its peer and sends the offer; the callee joins
    // it when answering. Leaving it (or the room, or the chat, or closing the window) tells the peer `close`.
    on('joinPrivateRoom', limits.control, privateRoomBody, ({ room, to }) => {
      if (to === socket.id || !mine.has(room) || !isMember(room, to))
        return { ok: false, code: 'not_in_room' };
      calls.add(`${room}\n${to}`);
      setStatus(room, 'busy');
      return { ok: true };
    });

    on('leavePrivateRoom', limits.control, privateRoomBody, ({ room, to }) => {
      endCall(room, to);
      return { ok: true };
    });

    on('privateMessagePCSignaling', limits.signaling, signalingBody, ({ room, to, desc, candidate }) => {
      if (to === socket.id || !mine.has(room) || !isMember(room, to))
        return { ok: false, code: 'not_in_room' };
      socket.to(to).emit('privateMessagePCSignaling', { room, from: socket.id, to, desc, candidate });
      return { ok: true };
    });
  };
}
