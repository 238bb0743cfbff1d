import Router from '@koa/router';
import { errors } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { UploadTokenService } from './upload-token.service.js';

/** `?study_id=` is required: a token is bound to one study. */
function studyIdOf(raw: unknown): number {
  if (raw === undefined || raw === '') throw errors.invalidField('study_id', 'validations.required');
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) === 0)
    throw errors.invalidField('study_id', 'validations.integer');
  return Number(raw);
}

/**
 * `GET /api/jwt/issue?study_id={id}` → `{ token, expires_at, upload_url }` (spec part 1 §7: "returns
 * a token"): the client then posts the recordings form to `{upload_url}/upload` with
 * `Authorization: Bearer {token}`. Description: docs/api.md, "Recordings upload service".
 */
export function jwtIssueRoutes(tokens: UploadTokenService): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/jwt/issue', async (ctx) => {
    const auth = authOf(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.issue(auth, studyIdOf(ctx.query.study_id));
  });
  return router;
}
