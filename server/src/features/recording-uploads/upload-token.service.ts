import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, errors } from '../../platform/http/app-error.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { gateStudy, type StudiesRepository } from '../scheduling-core/index.js';
import type { RecordingUploadsRepository } from './recording-uploads.repository.js';
import { UploadSecretError } from './upload-secret.js';
import { signUploadToken } from './upload-token.js';

export interface UploadTokenServiceDeps {
  knex: Knex;
  studies: StudiesRepository;
  repo: RecordingUploadsRepository;
  secret: () => Promise<string>;
  ttlSeconds: number;
  /** Where clients post the upload (the service's public address, without `/upload`). */
  uploadUrl: () => string;
  now?: () => number;
}

export interface IssuedUploadToken {
  token: string;
  expires_at: string;
  upload_url: string;
}

/**
 * `GET api/jwt/issue`: a short-lived token for one study and one upload, given only to those who
 * could upload to it right now, dying with the session that asked (the upload service checks
 * everything again when the upload comes, and spends the token).
 */
export function createUploadTokenService(deps: UploadTokenServiceDeps) {
  const now = deps.now ?? Date.now;
  return {
    async issue(auth: AuthState, studyId: number): Promise<IssuedUploadToken> {
      if (!(await deps.repo.uploaderEnabled()))
        throw errors.conflict('uploader_disabled', 'recordingUploads.uploader_disabled');
      if (!auth.ability.can('create', 'recording')) throw errors.forbidden();
      await gateStudy(deps.studies, deps.knex, auth, studyId, { action: 'update' });
      let secret: string;
      try {
        secret = await deps.secret();
      } catch (err) {
        if (err instanceof UploadSecretError)
          throw new AppError(503, 'server_configuration', 'recordingUploads.server_configuration');
        throw err;
      }
      const jti = randomUUID();
      const { token, expiresAt } = signUploadToken(
        secret,
        { sub: auth.user.id, role: auth.roleId, own_role: auth.user.role_id, study_id: studyId, jti },
        deps.ttlSeconds,
        now(),
      );
      // The token lives as long as this session and serves one upload (the service spends it).
      await deps.repo.recordToken({
        id: jti,
        session_id: auth.sessionId,
        user_id: auth.user.id,
        study_id: studyId,
        expires_at: expiresAt,
      });
      return { token, expires_at: expiresAt.toISOString(), upload_url: deps.uploadUrl() };
    },
  };
}

export type UploadTokenService = ReturnType<typeof createUploadTokenService>;
