import { z } from 'zod';

/** Public STUN servers (spec part 2 §9: the chat uses public STUN servers). */
export const DEFAULT_ICE_SERVERS: IceServer[] = [{ urls: ['stun:stun.l.google.com:19302'] }];

const urls = z.array(z.string().regex(/^(stun|stuns|turn|turns):\S+$/)).min(1);
const iceServer = z.strictObject({
  urls: z
    .union([z.string(), urls])
    .transform((v) => (typeof v === 'string' ? [v] : v))
    .pipe(urls),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export type IceServer = z.infer<typeof iceServer>;

/**
 * CHAT_ICE_SERVERS: a JSON array of RTCIceServer ({ urls, username?, credential? }) for STUN and
 * TURN; unset or empty: the public STUN server. A bad value stops the start-up, as any config.
 * An empty JSON array means no servers at all (calls on one network only).
 */
export function parseIceServers(raw: string | undefined): IceServer[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_ICE_SERVERS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('Invalid configuration: CHAT_ICE_SERVERS: not JSON');
  }
  const parsed = z.array(iceServer).max(10).safeParse(json);
  if (!parsed.success)
    throw new Error(`Invalid configuration: CHAT_ICE_SERVERS: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
