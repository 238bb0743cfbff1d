import { z } from 'zod';

/** A chat line longer than this is refused (a prototype chat, not a document store). */
export const MAX_MESSAGE_LENGTH = 1000;
/** The room everyone lands in (spec part 2 §9). */
export const DEFAULT_CHAT_ROOM = 'test';

/** Room names are short words: they become socket.io rooms under `chat:`, never another feature's. */
const room = z.string().regex(/^[\p{L}\p{N}_-]{1,40}$/u);
/** A peer is one chat socket (two windows of one user are two peers); its id is the socket's. */
const peer = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const message = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH);

export const roomBody = z.strictObject({ room });
export const leaveChatBody = z.strictObject({}).optional();

/** Spec §7: publicMessage (room, user_id, username, message); who sent it is the session's, not the body's. */
export const publicMessageBody = z.strictObject({
  room,
  user_id: z.number().int().positive().optional(),
  username: z.string().max(200).optional(),
  message,
});

export const privateMessageBody = z.strictObject({ room, to: peer, message });

export const privateRoomBody = z.strictObject({ room, to: peer });

export const CHAT_STATUSES = ['available', 'busy', 'away'] as const;
export const changeStatusBody = z.strictObject({ room, status: z.enum(CHAT_STATUSES) });

const description = z.strictObject({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(50_000) });
const candidate = z.strictObject({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(100).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
  usernameFragment: z.string().max(200).nullable().optional(),
});

/** Spec §7: privateMessagePCSignaling (desc or candidate, to, from, room); `from` is set by the server. */
export const signalingBody = z
  .strictObject({
    room,
    to: peer,
    from: peer.optional(),
    desc: description.optional(),
    candidate: candidate.optional(),
  })
  .refine((b) => (b.desc === undefined) !== (b.candidate === undefined), 'exactly one of desc and candidate');

export type ChatStatus = (typeof CHAT_STATUSES)[number];
export type SignalingBody = z.infer<typeof signalingBody>;
