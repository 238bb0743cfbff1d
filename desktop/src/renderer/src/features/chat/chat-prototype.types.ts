/** The chat page's own states; the socket payloads are shared (@school/shared/domain chat-events). */
import type { ChatAck as ServerAck, ChatMember } from '@school/shared/domain';

export type { ChatLine, ChatMember, ChatSignal } from '@school/shared/domain';

/** What a member may say about themself (spec §7 changeStatus). */
export type ChatStatus = ChatMember['status'];
export const CHAT_STATUSES: readonly ChatStatus[] = ['available', 'busy', 'away'];

/** The server's answer, or the page's own when no answer came (socket down, no ack in time). */
export type ChatAck = ServerAck | { ok: false; code: 'offline' | 'timeout' };

/** Spec part 2 §4: the signalling states a call goes through (plus idle and calling). */
export type CallPhase = 'idle' | 'calling' | 'offer-received' | 'connected';

/** What goes wrong, as i18n keys under `chat.errors` (spec part 2 §8: errors are toasts). */
export type ChatErrorKey =
  | 'peerConnection'
  | 'remoteDescription'
  | 'offer'
  | 'answer'
  | 'media'
  | 'refused'
  | 'rateLimited'
  | 'sendFailed'
  | 'statusFailed'
  | 'leaveFailed';
