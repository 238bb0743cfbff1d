import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { ChatStepError, createPeer, type ChatPeer } from './chat-peer-connection';
import type {
  CallPhase,
  ChatAck,
  ChatErrorKey,
  ChatLine,
  ChatMember,
  ChatSignal,
  ChatStatus,
} from './chat-prototype.types';

export const DEFAULT_ROOM = 'test';
const ACK_TIMEOUT_MS = 5_000;
/** The newest lines are kept; a prototype's room needs no history beyond the screen. */
const MAX_LINES = 200;

/** `left`: the user left the chat (leaveChat); the socket stays up for a rejoin. */
export type ChatConnection = 'connecting' | 'joined' | 'left' | 'offline';

interface Incoming {
  from: string;
  offer: RTCSessionDescriptionInit;
  candidates: RTCIceCandidateInit[];
}

/**
 * The chat prototype over the app's socket (spec part 2 §2, §4, §7): joins a room (default
 * 'test'), keeps its members and lines, and runs one video call at a time: Call sends an offer
 * to a member, the member's Answer sends the answer, ICE candidates follow, Hang up (or the
 * peer's close) ends it. The STUN/TURN servers come with the joinRoom answer. Every event of spec
 * §7 is sent: the own status (changeStatus), a private line to one member (privateMessage), and
 * leaving the chat altogether (leaveChat) with a way back in (joinRoom again).
 */
export function useChatPrototype(user: { id: number; name: string }, onError: (key: ChatErrorKey) => void) {
  const [room, setRoom] = useState(DEFAULT_ROOM);
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [me, setMe] = useState<string | null>(null);
  const [members, setMembers] = useState<ChatMember[]>([]);
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [phase, setPhase] = useState<CallPhase>('idle');
  const [callPeer, setCallPeer] = useState<string | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);

  const socketRef = useRef<Socket | null>(null);
  const iceServers = useRef<RTCIceServer[]>([]);
  const peerRef = useRef<ChatPeer | null>(null);
  const incoming = useRef<Incoming | null>(null);
  // The peer of the call, read by handlers made before it was set.
  const callPeerRef = useRef<string | null>(null);
  const setCallPeerBoth = useCallback((peer: string | null) => {
    callPeerRef.current = peer;
    setCallPeer(peer);
  }, []);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  const fail = useCallback((err: unknown) => {
    errorRef.current(err instanceof ChatStepError ? err.key : 'peerConnection');
  }, []);

  const emit = useCallback(async (event: string, body: unknown): Promise<ChatAck> => {
    const socket = socketRef.current;
    if (!socket?.connected) return { ok: false, code: 'offline' };
    try {
      return (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, body)) as ChatAck;
    } catch {
      return { ok: false, code: 'timeout' };
    }
  }, []);

  /** Ends the call here; tells the peer unless the peer ended it. */
  const endCall = useCallback(
    (tellPeer: boolean) => {
      const peer = callPeerRef.current;
      if (tellPeer && peer) void emit('leavePrivateRoom', { room, to: peer });
      peerRef.current?.close();
      peerRef.current = null;
      incoming.current = null;
      setPhase('idle');
      setCallPeerBoth(null);
      setLocalStream(null);
      setRemoteStream(null);
    },
    [emit, room, setCallPeerBoth],
  );
  const endCallRef = useRef(endCall);
  endCallRef.current = endCall;

  const newPeer = useCallback(
    (to: string) =>
      createPeer(iceServers.current, {
        onCandidate: (candidate) => void emit('privateMessagePCSignaling', { room, to, candidate }),
        onRemoteStream: (stream) => setRemoteStream(stream),
        onConnected: () => setPhase('connected'),
        onFailed: () => errorRef.current('peerConnection'),
      }),
    [emit, room],
  );

  /** joinRoom for the current room: on (re)connect, and Join after leaving the chat. */
  const join = useCallback(async () => {
    const ack = await emit('joinRoom', { room });
    if (!ack.ok) {
      setConnection('offline');
      errorRef.current('refused');
      return;
    }
    iceServers.current = ack.iceServers ?? [];
    setMembers(ack.members ?? []);
    setConnection('joined');
  }, [emit, room]);
  const joinRef = useRef(join);
  joinRef.current = join;

  useEffect(() => {
    const socket = io({
      path: '/socket.io',
      withCredentials: true,
      transports: ['websocket', 'polling'],
      reconnectionDelayMax: 30_000,
    });
    socketRef.current = socket;
    socket.on('connect', () => {
      setMe(socket.id ?? null);
      void joinRef.current();
    });
    socket.on('connect_error', () => setConnection('offline'));
    socket.on('disconnect', () => {
      setConnection('offline');
      endCallRef.current(false);
    });
    socket.on('roomMembers', (update: { room: string; members: ChatMember[] }) => {
      if (update.room === room) setMembers(update.members);
    });
    socket.on('newMessage', (line: ChatLine) => {
      if (line.room === room) setLines((all) => [...all, line].slice(-MAX_LINES));
    });
    socket.on('privateMessagePCSignaling', (signal: ChatSignal) => {
      if (signal.room !== room) return;
      if (signal.close) return endCallRef.current(false);
      if (signal.desc?.type === 'offer') {
        // Offer received: the Answer button lights up (one call at a time; a busy side ignores it).
        if (peerRef.current || incoming.current) return;
        incoming.current = { from: signal.from, offer: signal.desc, candidates: [] };
        setCallPeerBoth(signal.from);
        setPhase('offer-received');
        return;
      }
      if (signal.desc?.type === 'answer') {
        peerRef.current?.accept(signal.desc).catch(fail);
        return;
      }
      if (signal.candidate) {
        if (peerRef.current) void peerRef.current.addCandidate(signal.candidate);
        else incoming.current?.candidates.push(signal.candidate);
      }
    });
    return () => {
      socket.emit('leaveRoom', { room });
      peerRef.current?.close();
      peerRef.current = null;
      incoming.current = null;
      socket.disconnect();
      socketRef.current = null;
      setLines([]);
      setMembers([]);
      setPhase('idle');
      setCallPeerBoth(null);
      setLocalStream(null);
      setRemoteStream(null);
      setConnection('connecting');
    };
  }, [room, fail, setCallPeerBoth]);

  const call = useCallback(
    async (to: string) => {
      if (peerRef.current) return;
      try {
        const peer = newPeer(to);
        peerRef.current = peer;
        setCallPeerBoth(to);
        setPhase('calling');
        setLocalStream(await peer.startMedia());
        await emit('joinPrivateRoom', { room, to });
        const ack = await emit('privateMessagePCSignaling', { room, to, desc: await peer.offer() });
        if (!ack.ok) throw new ChatStepError('offer');
      } catch (err) {
        fail(err);
        endCall(true);
      }
    },
    [emit, endCall, fail, newPeer, room, setCallPeerBoth],
  );

  const answer = useCallback(async () => {
    const offer = incoming.current;
    if (!offer || peerRef.current) return;
    try {
      const peer = newPeer(offer.from);
      peerRef.current = peer;
      setLocalStream(await peer.startMedia());
      for (const c of offer.candidates) await peer.addCandidate(c);
      const desc = await peer.answer(offer.offer);
      await emit('joinPrivateRoom', { room, to: offer.from });
      const ack = await emit('privateMessagePCSignaling', { room, to: offer.from, desc });
      if (!ack.ok) throw new ChatStepError('answer');
    } catch (err) {
      fail(err);
      endCall(true);
    }
  }, [emit, endCall, fail, newPeer, room]);

  const send = useCallback(
    async (message: string) => {
      const ack = await emit('publicMessage', { room, user_id: user.id, username: user.name, message });
      if (!ack.ok) errorRef.current(ack.code === 'rate_limited' ? 'rateLimited' : 'sendFailed');
      return ack.ok;
    },
    [emit, room, user.id, user.name],
  );

  /** A private line to one member of the room (spec §7 privateMessage): only the two of them see it. */
  const sendPrivate = useCallback(
    async (to: string, message: string) => {
      const ack = await emit('privateMessage', { room, to, message });
      if (!ack.ok) errorRef.current(ack.code === 'rate_limited' ? 'rateLimited' : 'sendFailed');
      return ack.ok;
    },
    [emit, room],
  );

  /** The own status in the room (spec §7 changeStatus); the server tells every member. */
  const changeStatus = useCallback(
    async (status: ChatStatus) => {
      const ack = await emit('changeStatus', { room, status });
      if (!ack.ok) errorRef.current('statusFailed');
    },
    [emit, room],
  );

  /** Leaves every room and ends a call (spec §7 leaveChat); Join brings the window back. */
  const leaveChat = useCallback(async () => {
    endCall(true);
    const ack = await emit('leaveChat', {});
    if (!ack.ok) return errorRef.current('leaveFailed');
    setMembers([]);
    setConnection('left');
  }, [emit, endCall]);

  return {
    room,
    setRoom,
    connection,
    me,
    members,
    lines,
    phase,
    callPeer,
    localStream,
    remoteStream,
    call,
    answer,
    hangUp: () => endCall(true),
    send,
    sendPrivate,
    changeStatus,
    leaveChat,
    join,
  };
}
