/** The chat prototype's socket payloads (server: server/src/features/chat-prototype; spec part 2 §7). */
export interface ChatMember {
  peer: string;
  user_id: number;
  username: string;
  status: 'available' | 'busy' | 'away';
}

export interface ChatLine {
  room: string;
  user_id: number;
  username: string;
  message: string;
  from: string;
  to?: string;
  private?: boolean;
  sent_at: string;
}

export interface ChatSignal {
  room: string;
  from: string;
  to: string;
  desc?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit;
  close?: true;
}

export type ChatAck =
  | { ok: true; room?: string; peer?: string; members?: ChatMember[]; iceServers?: RTCIceServer[] }
  | { ok: false; code: string };

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
  | 'sendFailed';
