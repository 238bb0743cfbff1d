import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import type { FeatureModule } from '../feature-module.js';
import type { StudiesRepository } from '../scheduling-core/index.js';
import { createRecordingUploadsRepository } from './recording-uploads.repository.js';
import { jwtIssueRoutes } from './recording-uploads.routes.js';
import { uploaderPublicUrl } from './upload-service.config.js';
import { uploadSecretSource } from './upload-secret.js';
import { createUploadTokenService, type UploadTokenService } from './upload-token.service.js';

export interface RecordingUploadsModuleDeps {
  knex: Knex;
  config: AppConfig;
  studies: StudiesRepository;
  now?: () => number;
}

/**
 * The API side of the separate recordings upload service: `GET /api/jwt/issue`. The service
 * itself is its own process (upload-service.main.ts), started next to the API by `npm start`.
 */
export function createRecordingUploadsModule(
  deps: RecordingUploadsModuleDeps,
): FeatureModule<{ uploadTokens: UploadTokenService }> & { services: { uploadTokens: UploadTokenService } } {
  const { knex, config } = deps;
  const uploadTokens = createUploadTokenService({
    knex,
    studies: deps.studies,
    repo: createRecordingUploadsRepository(knex),
    secret: uploadSecretSource(config, { create: true }),
    ttlSeconds: config.UPLOADER_TOKEN_TTL_SECONDS,
    uploadUrl: () => uploaderPublicUrl(config),
    now: deps.now,
  });
  return {
    name: 'recording-uploads',
    services: { uploadTokens },
    routes: [{ stage: 'commands', router: jwtIssueRoutes(uploadTokens) }],
  };
}
