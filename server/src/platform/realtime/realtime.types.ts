import type { Server, Socket } from 'socket.io';
import type { AuthState } from '../security/auth-state.js';
import type { ChatAck, ChatLine, ChatMember, ChatSignal } from '@school/shared/domain';
import type { StudyChange } from './study-change.payload.js';

export type { ChatAck, ChatLine, ChatMember, ChatSignal };

/** What a calendar subscription answers. */
export type CalendarAck =
  { ok: true } | { ok: false; code: 'invalid' | 'forbidden' | 'too_many' | 'unauthenticated' };

/**
 * An invoice was written (a payment settled or was refunded, staff edited it): the invoices
 * tables, a contract's invoices and a package's paid total reload what they show of it.
 */
export interface InvoiceChange {
  invoiceId: number;
  contractId: number;
  subscriptionId: number;
  kind: 'insert' | 'update' | 'delete' | 'payment';
}

/**
 * A database notification channel a feature listens to through the app's one LISTEN
 * connection, and how it reaches the sockets (each judged against its own session).
 */
export interface RealtimeNotification {
  channel: string;
  deliver(io: RealtimeServer, payload: string): void;
}

/** Events the server sends. The chat (spec part 2 §7: newMessage, …) adds its own here. */
export interface ServerToClientEvents {
  'study:changed': (change: StudyChange) => void;
  /** The server may have missed changes (its database connection was lost): reload what is shown. */
  'calendar:resync': () => void;
  /** An invoice the socket's session may read changed (features/payments). */
  'invoice:changed': (change: InvoiceChange) => void;
  // The chat prototype (features/chat-prototype; spec part 2 §7).
  newMessage: (line: ChatLine) => void;
  privateMessagePCSignaling: (signal: ChatSignal) => void;
  /** Who is in a chat room (beyond the spec's list: the Call button needs someone to call). */
  roomMembers: (update: { room: string; members: ChatMember[] }) => void;
}

/** Events clients send. The chat (joinRoom, leaveRoom, publicMessage, …) adds its own here. */
export interface ClientToServerEvents {
  'calendar:subscribe': (body: unknown, ack?: (answer: CalendarAck) => void) => void;
  'calendar:unsubscribe': (body: unknown, ack?: (answer: CalendarAck) => void) => void;
  /** A study modal (or the study form) opened: its changes, chat and homework included, come live. */
  'study:open': (body: unknown, ack?: (answer: CalendarAck) => void) => void;
  'study:close': (body: unknown, ack?: (answer: CalendarAck) => void) => void;
  // The chat prototype (features/chat-prototype; spec part 2 §7): bodies are checked there.
  joinRoom: ChatEvent;
  leaveRoom: ChatEvent;
  publicMessage: ChatEvent;
  privateMessagePCSignaling: ChatEvent;
  joinPrivateRoom: ChatEvent;
  leavePrivateRoom: ChatEvent;
  leaveChat: ChatEvent;
  changeStatus: ChatEvent;
  privateMessage: ChatEvent;
}

type ChatEvent = (body: unknown, ack?: (answer: ChatAck) => void) => void;

export interface SocketData {
  auth: AuthState;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Who a socket handshake's Cookie header signs in, or null (features/realtime-events answers). */
export type SocketAuthenticator = (cookieHeader: string | undefined) => Promise<AuthState | null>;

export interface RealtimeSocketContext {
  /** Checks the socket's session again (it may have been signed out since the handshake). */
  reauthenticate(): Promise<AuthState | null>;
  /**
   * Called after socket.data.auth was replaced because the session's rights may have changed (a
   * role switch or restore, a child linked or unlinked, the periodic check): a channel drops
   * what the session may no longer see and takes back what it may see again.
   */
  onAuthChange(handler: (auth: AuthState) => Promise<void>): void;
}

/**
 * A feature's handlers on an authenticated socket (calendar subscriptions, study rooms, the staff chat):
 * called once per connection, with socket.data.auth set.
 */
export type RealtimeChannel = (socket: RealtimeSocket, ctx: RealtimeSocketContext) => void;

/** The room of one user's calendar: every change to a study of that user is sent there. */
export const calendarRoom = (userId: number) => `user:${userId}`;

/** The room of one open study (a modal or the study form): every change to that study is sent there. */
export const studyRoom = (studyId: number) => `study:${studyId}`;

/**
 * Whether a socket signed in as `auth` may hear of this change (features/realtime-events decides,
 * with the same read rules as the REST lists): a parent hears of their own child's homework and
 * reports only, a chat message only in a study whose chat they may read.
 */
export type StudyChangeAudience = (auth: AuthState, change: StudyChange) => boolean;
