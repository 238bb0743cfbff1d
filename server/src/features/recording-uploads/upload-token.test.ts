import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerToken, signUploadToken, UploadTokenError, verifyUploadToken } from './upload-token.js';

const SECRET = 'a'.repeat(64);
const claims = { sub: 7, role: 3, own_role: 3, study_id: 42, jti: '0b6a2f0e-3c1d-4e5f-8a9b-0c1d2e3f4a5b' };
const NOW = Date.UTC(2026, 0, 10, 12);

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof UploadTokenError ? err.reason : String(err);
  }
  return 'accepted';
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('upload tokens (HS256 JWT)', () => {
  it('round-trips the user, roles and study until it expires', () => {
    const { token, expiresAt } = signUploadToken(SECRET, claims, 900, NOW);
    expect(expiresAt.getTime()).toBe(NOW + 900_000);
    expect(verifyUploadToken(SECRET, token, NOW + 899_000)).toMatchObject({
      ...claims,
      aud: 'recordings-upload',
    });
    expect(reasonOf(() => verifyUploadToken(SECRET, token, NOW + 900_000))).toBe('expired');
  });

  it('is a standard JWT: header {alg: HS256, typ: JWT}', () => {
    const [header] = signUploadToken(SECRET, claims, 60, NOW).token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('refuses another secret, a changed payload, alg "none" and garbage', () => {
    const { token } = signUploadToken(SECRET, claims, 900, NOW);
    const [h, , s] = token.split('.');
    expect(reasonOf(() => verifyUploadToken('b'.repeat(64), token, NOW))).toBe('bad_signature');
    const raised = `${h}.${b64({ ...claims, study_id: 43, aud: 'recordings-upload', iat: 1, exp: 9e9 })}.${s}`;
    expect(reasonOf(() => verifyUploadToken(SECRET, raised, NOW))).toBe('bad_signature');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.${s}`;
    expect(reasonOf(() => verifyUploadToken(SECRET, none, NOW))).toBe('malformed');
    for (const bad of ['', 'a.b', 'a.b.c.d', `${token}x!`, 'x'.repeat(5000)]) {
      expect(
        reasonOf(() => verifyUploadToken(SECRET, bad, NOW)),
        bad.slice(0, 20),
      ).toBe('malformed');
    }
  });

  it('needs the id of its row (jti): a token without one is malformed, even when signed', () => {
    const { jti: _jti, ...rowless } = claims;
    const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...rowless, aud: 'recordings-upload', iat: NOW / 1000, exp: NOW / 1000 + 900 })}`;
    const sig = createHmac('sha256', SECRET).update(input).digest('base64url');
    expect(reasonOf(() => verifyUploadToken(SECRET, `${input}.${sig}`, NOW))).toBe('malformed');
  });

  it('refuses a token signed for something else (another audience)', () => {
    const { token } = signUploadToken(SECRET, claims, 900, NOW);
    const [h, p] = token.split('.');
    const payload = { ...JSON.parse(Buffer.from(p, 'base64url').toString()), aud: 'other' };
    const input = `${h}.${b64(payload)}`;
    const sig = createHmac('sha256', SECRET).update(input).digest('base64url');
    expect(reasonOf(() => verifyUploadToken(SECRET, `${input}.${sig}`, NOW))).toBe('wrong_audience');
  });

  it('reads the bearer token of an Authorization header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer  abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});
