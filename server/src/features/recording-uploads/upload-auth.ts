import type { Context } from 'koa';
import type { AuthState } from '../../platform/security/auth-state.js';
import { type AuthRepository, buildAuthState } from '../auth/index.js';
import { step, uploadError } from './upload-errors.js';
import { UploadSecretError } from './upload-secret.js';
import { bearerToken, UploadTokenError, verifyUploadToken, type UploadTokenClaims } from './upload-token.js';

export interface UploadCaller {
  auth: AuthState;
  claims: UploadTokenClaims;
}

/**
 * The caller of `POST /upload`, from its bearer token alone (the service has no sessions): a token
 * signed with the shared secret, not expired, not used before, whose issuing session still lives,
 * of a user who still exists, is active and has the role they had when it was issued. Acting as a switched role carries over (the switch was checked
 * when it was made). Every failure is `user_validation_failed`; no secret is `server_configuration`.
 */
export async function authenticateUpload(
  ctx: Context,
  deps: {
    secret: () => Promise<string>;
    users: AuthRepository;
    now: () => number;
    /** Spends the token's row (recording-uploads.repository.ts): false when used, revoked or its session ended. */
    consume: (jti: string, userId: number, studyId: number) => Promise<boolean>;
  },
): Promise<UploadCaller> {
  let secret: string;
  try {
    secret = await deps.secret();
  } catch (err) {
    if (err instanceof UploadSecretError) {
      ctx.log.error({ reason: err.message }, 'upload service has no usable signing secret');
      throw uploadError('server_configuration');
    }
    throw err;
  }
  const token = bearerToken(ctx.get('authorization'));
  if (!token) throw uploadError('user_validation_failed');
  let claims: UploadTokenClaims;
  try {
    claims = verifyUploadToken(secret, token, deps.now());
  } catch (err) {
    if (err instanceof UploadTokenError) {
      ctx.log.info({ reason: err.reason }, 'upload token refused');
      throw uploadError('user_validation_failed');
    }
    throw err;
  }
  // One upload per token, and none once the issuing session is gone (sign-out, password change).
  if (!(await step('user_validation_failed', () => deps.consume(claims.jti, claims.sub, claims.study_id)))) {
    ctx.log.info('upload token used, revoked or of an ended session');
    throw uploadError('user_validation_failed');
  }
  const user = await step('user_validation_failed', () => deps.users.findUserById(claims.sub));
  if (!user || !user.active || user.role_id !== claims.own_role) throw uploadError('user_validation_failed');
  const auth = await step('user_validation_failed', () =>
    buildAuthState(
      deps.users,
      user,
      `upload-token:${claims.iat}`,
      claims.role === user.role_id ? null : claims.role,
    ),
  );
  return { auth, claims };
}
