import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The upload token: a compact JWT (RFC 7519) signed with HS256 (HMAC-SHA-256) by the API and
 * checked by the upload service with the same secret. It names the user, the role the user acted
 * as when it was issued, the one study it may upload to, and its row (`jti`), which ties it to
 * the issuing session and is spent by the first upload.
 */

export const UPLOAD_TOKEN_AUDIENCE = 'recordings-upload';

export interface UploadTokenClaims {
  /** The user id. */
  sub: number;
  /** The role the user acted as (a switched role when impersonating). */
  role: number;
  /** The user's own role at issue time: a role changed since then voids the token. */
  own_role: number;
  study_id: number;
  /** The token's row (upload_tokens): its session, and whether it was used. */
  jti: string;
  aud: typeof UPLOAD_TOKEN_AUDIENCE;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

export type TokenFailure = 'malformed' | 'bad_signature' | 'expired' | 'wrong_audience';

export class UploadTokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason);
    this.name = 'UploadTokenError';
  }
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

export function signUploadToken(
  secret: string,
  claims: { sub: number; role: number; own_role: number; study_id: number; jti: string },
  ttlSeconds: number,
  nowMs = Date.now(),
): { token: string; expiresAt: Date } {
  const iat = Math.floor(nowMs / 1000);
  const payload: UploadTokenClaims = { ...claims, aud: UPLOAD_TOKEN_AUDIENCE, iat, exp: iat + ttlSeconds };
  const signingInput = `${b64(JSON.stringify(HEADER))}.${b64(JSON.stringify(payload))}`;
  return {
    token: `${signingInput}.${b64(hmac(secret, signingInput))}`,
    expiresAt: new Date(payload.exp * 1000),
  };
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const isUuid = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);
const positiveInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new UploadTokenError('malformed');
}

/** Checks the signature first (only HS256 is accepted: never `none`, never another algorithm), then the claims. */
export function verifyUploadToken(secret: string, token: string, nowMs = Date.now()): UploadTokenClaims {
  const parts = token.split('.');
  if (token.length > 4096 || parts.length !== 3 || !parts.every((p) => B64URL.test(p)))
    throw new UploadTokenError('malformed');
  const [header, payload, signature] = parts;
  const head = decodeJson(header);
  if (head.alg !== 'HS256') throw new UploadTokenError('malformed');
  const expected = hmac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new UploadTokenError('bad_signature');
  const claims = decodeJson(payload);
  const { sub, role, own_role, study_id, iat, exp, jti } = claims;
  if (
    ![sub, role, own_role, study_id].every(positiveInt) ||
    !Number.isSafeInteger(iat) ||
    !Number.isSafeInteger(exp) ||
    !isUuid(jti)
  ) {
    throw new UploadTokenError('malformed');
  }
  if (claims.aud !== UPLOAD_TOKEN_AUDIENCE) throw new UploadTokenError('wrong_audience');
  if ((exp as number) * 1000 <= nowMs) throw new UploadTokenError('expired');
  return claims as unknown as UploadTokenClaims;
}

/** `Authorization: Bearer <token>` → the token, or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer +([^\s]+)\s*$/i.exec(header ?? '');
  return m ? m[1] : null;
}
