/**
 * The chat prototype's socket payloads (spec part 2 §4, §7), one definition for the server
 * (server/src/features/chat-prototype) and the staff app's chat page.
 */

/** A chat room's member: one socket (a window) of a signed-in staff user. */
export interface ChatMember {
  peer: string;
  user_id: number;
  username: string;
  status: 'available' | 'busy' | 'away';
}

/** A public line to a room, or a private one (`to`, `private`) between two peers. */
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

/** WebRTC signalling relayed to one peer: an offer or answer, an ICE candidate, or the call's end. */
export interface ChatSignal {
  room: string;
  from: string;
  to: string;
  desc?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: {
    candidate: string;
    sdpMid?: string | null;
    sdpMLineIndex?: number | null;
    usernameFragment?: string | null;
  };
  close?: true;
}

export type ChatAck =
  | {
      ok: true;
      room?: string;
      peer?: string;
      members?: ChatMember[];
      iceServers?: Array<{ urls: string[]; username?: string; credential?: string }>;
    }
  | {
      ok: false;
      code:
        | 'invalid'
        | 'forbidden'
        | 'unauthenticated'
        | 'rate_limited'
        | 'too_many'
        | 'not_in_room'
        | 'server_error';
    };
